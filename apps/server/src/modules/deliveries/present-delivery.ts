import type { TDelivery } from '@dsm/contracts';
import type { TDeliveryRow } from './delivery-repository';
import { deliveryStepOf } from './delivery-step';

/** A delivery as it leaves the server: states and ids, never the EDR's address or token. */
export function presentDelivery(delivery: TDeliveryRow): TDelivery {
  return {
    id: delivery.id,
    orderId: delivery.order_id,
    offerId: delivery.offer_id,
    step: deliveryStepOf(delivery),
    consumerConnectorId: delivery.consumer_connector_id,
    providerConnectorId: delivery.provider_connector_id,
    assetId: delivery.asset_id,
    negotiation:
      delivery.negotiation_id === null
        ? null
        : { id: delivery.negotiation_id, state: delivery.negotiation_state ?? 'INITIAL' },
    agreementId: delivery.agreement_id,
    transfer:
      delivery.transfer_id === null ? null : { id: delivery.transfer_id, state: delivery.transfer_state ?? 'INITIAL' },
    error: delivery.last_error,
    createdAt: delivery.created_at.toISOString(),
    updatedAt: delivery.updated_at.toISOString(),
  };
}
