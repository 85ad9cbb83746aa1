import { type ConnectorClient, type Dataset, isConnectorError } from '@dsm/connector-client';
import { DeliveryStep, ErrorCode, ORGANISATION_PROFILE_PAGE } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { findOfferConnector } from '../catalogue/find-offer-connector';
import { connectorClientFor } from '../connectors/connector-client-for';
import { connectorFailure } from '../connectors/connector-failure';
import { selectConnector } from '../connectors/connector-repository';
import { listPurchasedOffers } from '../orders/list-purchased-offers';
import { findBuyerConnectorId } from '../organisation-connectors/find-buyer-connector-id';
import { connectorMessage, protocolAddressOf } from './connector-message';
import { assertMayReceive } from './delivery-policy';
import {
  selectBuyerConnectorId,
  selectDeliveryOfLine,
  type TDeliveryRow,
  type TNewDelivery,
  upsertDelivery,
} from './delivery-repository';
import { deliveryStepOf } from './delivery-step';

export type TRequestDeliveryOptions = {
  db: TDb;
  user: TAuthUser;
  offerId: string;
  /** Builds the client of a registered connector; tests may replace it. */
  clientFor?: typeof connectorClientFor;
};

/** The catalog offer of a dataset that the offer's contract definition makes (EDC: base64 of its id first). */
function offerOf(dataset: Dataset, contractDefinitionId: string) {
  const definitionOf = (offerId: string) => {
    try {
      return Buffer.from(offerId.split(':')[0] ?? '', 'base64').toString('utf8');
    } catch {
      return '';
    }
  };
  return dataset.offers.find((offer) => definitionOf(offer.id) === contractDefinitionId) ?? null;
}

/**
 * Requests access to an acquired Connector-access offer: the buyer's connector fetches the offer's dataset from
 * the supplier's connector over DSP and initiates the contract negotiation for it. Asking again while a delivery
 * runs answers that delivery; a failed one starts afresh. Only a buyer of the offer may ask (403), and for a paid
 * offer only while their entitlement is active (403 saying it ended). An offer not delivered by connector, a buyer
 * without a connector, or an unregistered connector is a 409 saying which. The buyer's connector is their
 * organisation's own (registered in its profile), else one an operator assigned to them. When a connector step fails the failure is recorded on the delivery (so My Acquisitions shows it) and answered as 502/503.
 */
export async function requestDelivery({
  db,
  user,
  offerId,
  clientFor = connectorClientFor,
}: TRequestDeliveryOptions): Promise<TDeliveryRow> {
  const purchase = (await listPurchasedOffers(db, user.id)).find((purchased) => purchased.offerId === offerId);
  if (!purchase) throw new AppError(ErrorCode.FORBIDDEN, `You have not bought offer ${offerId}`);
  await assertMayReceive(db, user.id, offerId);
  const existing = await selectDeliveryOfLine(db, purchase.orderId, offerId);
  if (existing && deliveryStepOf(existing) !== DeliveryStep.FAILED) return existing;

  const offerConnector = await findOfferConnector(db, offerId);
  if (!offerConnector) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Offer ${offerId} is not delivered through a connector: its access type is not Connector`,
    );
  }
  const consumerConnectorId = await findBuyerConnectorId(db, user.id, await selectBuyerConnectorId(db, user.id));
  if (!consumerConnectorId) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `You have no connector to receive data through the data space; register your organisation's connector at ${ORGANISATION_PROFILE_PAGE}`,
    );
  }
  const consumer = await selectConnector(db, consumerConnectorId);
  if (!consumer) {
    throw new AppError(ErrorCode.CONFLICT, `Your connector '${consumerConnectorId}' is no longer registered`);
  }
  const provider = await selectConnector(db, offerConnector.connectorId);
  if (!provider) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `The supplier's connector '${offerConnector.connectorId}' is no longer registered`,
    );
  }

  const delivery: TNewDelivery = {
    orderId: purchase.orderId,
    offerId,
    buyerId: user.id,
    consumerConnectorId: consumer.id,
    providerConnectorId: provider.id,
    // An offer with several endpoints is delivered by its first one's asset (see docs/reference-deviations.md).
    assetId: offerConnector.assetIds[0]!,
  };
  const counterParty = { counterPartyAddress: protocolAddressOf(provider), counterPartyId: provider.id };
  let client: ConnectorClient;
  try {
    client = clientFor(consumer);
    const dataset = await client.catalog.requestDataset({ id: delivery.assetId, ...counterParty });
    const offer = offerOf(dataset, offerConnector.contractDefinitionId);
    if (!offer) {
      const message = `The supplier's connector '${provider.name}' offers no contract '${offerConnector.contractDefinitionId}' for asset '${delivery.assetId}'`;
      await upsertDelivery(db, delivery, { last_error: message });
      throw new AppError(ErrorCode.BAD_GATEWAY, message);
    }
    const { id } = await client.contractNegotiations.initiate({
      ...counterParty,
      offer: { ...offer, assigner: offer.assigner ?? provider.id, target: offer.target ?? delivery.assetId },
    });
    return await upsertDelivery(db, delivery, { negotiation_id: id, negotiation_state: 'INITIAL' });
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    await upsertDelivery(db, delivery, { last_error: connectorMessage(error) });
    return connectorFailure(error, consumer);
  }
}
