import { createConnectorClient, type PublicDataResponse } from '@dsm/connector-client';
import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { connectorFetch } from '../connectors/connector-address-policy';
import { connectorClientFor } from '../connectors/connector-client-for';
import { connectorFailure } from '../connectors/connector-failure';
import { selectConnector } from '../connectors/connector-repository';
import { findActiveEntitlement } from '../entitlements/find-active-entitlement';
import type { TStreamOutcome } from '../usage/meter-stream';
import { assertMayReceive } from './delivery-policy';
import { findOwnDelivery } from './get-delivery';
import { recordDeliveryUsage } from './record-delivery-usage';

export type TReadDeliveryDataOptions = {
  db: TDb;
  user: TAuthUser;
  deliveryId: string;
  /** Builds the client of a registered connector; tests may replace it. */
  clientFor?: typeof connectorClientFor;
};

/** The data of a delivery, and how to meter what of it went out. */
export type TDeliveryData = {
  data: PublicDataResponse;
  /**
   * Appends the read to the usage of the buyer's entitlement (channel 'connector') with the bytes
   * sent, the aborted reads too; a free offer has no entitlement and so no usage row.
   */
  record: (outcome: TStreamOutcome) => Promise<void>;
};

/**
 * The data of a delivery whose transfer is STARTED, streamed from the supplier's public data plane with the EDR
 * the buyer's connector holds. The EDR is read at every download, not stored, so its token never rests in the
 * marketplace's database. 409 while the transfer is not STARTED; 403 once a paid offer's entitlement ended.
 * The bytes pass through the marketplace, so the caller meters them with `record` once the answer closed.
 */
export async function readDeliveryData({
  db,
  user,
  deliveryId,
  clientFor = connectorClientFor,
}: TReadDeliveryDataOptions): Promise<TDeliveryData> {
  const delivery = await findOwnDelivery(db, user, deliveryId);
  await assertMayReceive(db, user.id, delivery.offer_id);
  if (delivery.transfer_state !== 'STARTED' || delivery.transfer_id === null) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `The data of delivery ${deliveryId} is not ready: the transfer is ${delivery.transfer_state ?? 'not started yet'}`,
    );
  }
  const consumer = await selectConnector(db, delivery.consumer_connector_id);
  if (!consumer) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Your connector '${delivery.consumer_connector_id}' is no longer registered`,
    );
  }
  try {
    const edr = await clientFor(consumer).edrs.getDataAddress(delivery.transfer_id);
    const reader = createConnectorClient({ addresses: { public: String(edr.endpoint) }, fetch: connectorFetch });
    const data = await reader.publicData.get({ headers: { Authorization: String(edr.authorization) } });
    const entitlement = await findActiveEntitlement({ db, userId: user.id, offerId: delivery.offer_id });
    const record = (outcome: TStreamOutcome) =>
      recordDeliveryUsage(db, {
        delivery,
        entitlement,
        succeeded: outcome.isComplete && data.status < 300,
        httpStatus: data.status,
        bytes: outcome.bytes,
      });
    return { data, record };
  } catch (error) {
    return connectorFailure(error, consumer);
  }
}
