import { isConnectorError } from '@dsm/connector-client';
import type { TDb } from '../../db/database';
import { connectorClientFor } from '../connectors/connector-client-for';
import { selectConnector } from '../connectors/connector-repository';
import { connectorMessage, protocolAddressOf } from './connector-message';
import { entitlementEndedMessage, mayReceive } from './delivery-policy';
import {
  claimTransferStart,
  selectDelivery,
  type TDeliveryRow,
  updateDelivery,
  updateTransferStateFrom,
} from './delivery-repository';
import { isDeliveryMoving } from './delivery-step';
import { isTransferFinishing, recordTransferUsage } from './record-transfer-usage';

/** How a pull transfer is asked for: the buyer reads the data through the supplier's public data plane with the EDR. */
const TRANSFER_TYPE = 'HttpData-PULL';

export type TRefreshDeliveryOptions = {
  db: TDb;
  delivery: TDeliveryRow;
  /** Builds the client of a registered connector; tests may replace it. */
  clientFor?: typeof connectorClientFor;
};

/**
 * Brings a running delivery up to date from the buyer's connector and takes its next step: records the
 * negotiation's state (and, when terminated, why), starts the pull transfer once the negotiation is FINALIZED,
 * (for a paid offer only while the buyer's entitlement is active), and records the transfer's state; a transfer
 * that finishes is appended to the entitlement's usage (channel 'connector'), once. A delivery whose states can no
 * longer change is answered as it is. A connector that fails to answer leaves the states as they were and records
 * its message as the delivery's error.
 */
export async function refreshDelivery({
  db,
  delivery,
  clientFor = connectorClientFor,
}: TRefreshDeliveryOptions): Promise<TDeliveryRow> {
  if (!isDeliveryMoving(delivery)) return delivery;
  const consumer = await selectConnector(db, delivery.consumer_connector_id);
  if (!consumer) {
    return updateDelivery(db, delivery.id, {
      last_error: `Your connector '${delivery.consumer_connector_id}' is no longer registered`,
    });
  }
  const provider = await selectConnector(db, delivery.provider_connector_id);
  let current = delivery;
  try {
    const client = clientFor(consumer);
    if (current.negotiation_id !== null && current.negotiation_state !== 'FINALIZED') {
      const negotiation = await client.contractNegotiations.get(current.negotiation_id);
      const isTerminated = negotiation.state === 'TERMINATED' || negotiation.state === 'TERMINATING';
      current = await updateDelivery(db, current.id, {
        negotiation_state: negotiation.state,
        agreement_id: negotiation.contractAgreementId ?? null,
        last_error: isTerminated
          ? `The negotiation was terminated: ${negotiation.errorDetail ?? 'the connector gave no reason'}`
          : null,
      });
    }
    if (current.negotiation_state === 'FINALIZED' && current.transfer_id === null) {
      if (!provider) {
        return updateDelivery(db, current.id, {
          last_error: `The supplier's connector '${current.provider_connector_id}' is no longer registered`,
        });
      }
      if (!(await mayReceive(db, current.buyer_id, current.offer_id))) {
        return updateDelivery(db, current.id, { last_error: entitlementEndedMessage(current.offer_id) });
      }
      if (await claimTransferStart(db, current.id)) {
        try {
          const agreementId =
            current.agreement_id ?? (await client.contractNegotiations.getAgreement(current.negotiation_id!)).id;
          const { id } = await client.transferProcesses.initiate({
            counterPartyAddress: current.counter_party_address ?? protocolAddressOf(provider),
            counterPartyId: current.counter_party_id ?? provider.id,
            contractId: agreementId,
            assetId: current.asset_id,
            transferType: TRANSFER_TYPE,
          });
          current = await updateDelivery(db, current.id, {
            agreement_id: agreementId,
            transfer_id: id,
            transfer_state: 'INITIAL',
            last_error: null,
          });
        } catch (error) {
          // Frees the claim, so the next refresh tries again.
          current = await updateDelivery(db, current.id, { transfer_state: null });
          throw error;
        }
      }
    }
    if (current.transfer_id !== null) {
      const transfer = await client.transferProcesses.get(current.transfer_id);
      const isTerminated = transfer.state === 'TERMINATED' || transfer.state === 'TERMINATING';
      const from = current.transfer_state;
      const recorded = await updateTransferStateFrom(db, current.id, from, {
        transfer_state: transfer.state,
        last_error: isTerminated
          ? `The transfer was terminated: ${transfer.errorDetail ?? 'the connector gave no reason'}`
          : null,
      });
      // Another refresh recorded a newer state first: the row as it is now answers.
      current = recorded ?? (await selectDelivery(db, current.id)) ?? current;
      if (recorded && isTransferFinishing(from, transfer.state))
        await recordTransferUsage(db, recorded, transfer.state);
    }
    return current;
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    return updateDelivery(db, current.id, {
      last_error: `The connector '${consumer.name}' failed: ${connectorMessage(error)}`,
    });
  }
}
