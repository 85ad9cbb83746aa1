import { DeliveryStep, type TDeliveryStep } from '@dsm/contracts';
import type { TDeliveryRow } from './delivery-repository';

/** Transfer states after which a pull transfer gives no more data. */
const ENDED_TRANSFER_STATES = new Set(['COMPLETED', 'TERMINATING', 'TERMINATED', 'DEPROVISIONING', 'DEPROVISIONED']);

/** Where a delivery stands, from the states its row recorded. */
export function deliveryStepOf(delivery: TDeliveryRow): TDeliveryStep {
  if (delivery.negotiation_id === null) return DeliveryStep.FAILED;
  if (delivery.negotiation_state === 'TERMINATED' || delivery.negotiation_state === 'TERMINATING') {
    return DeliveryStep.FAILED;
  }
  if (delivery.transfer_state !== null && ENDED_TRANSFER_STATES.has(delivery.transfer_state))
    return DeliveryStep.FAILED;
  if (delivery.transfer_state === 'STARTED') return DeliveryStep.READY;
  if (delivery.negotiation_state === 'FINALIZED') return DeliveryStep.TRANSFERRING;
  return DeliveryStep.NEGOTIATING;
}

/** Whether a delivery's states can still change on the connector, so reading it must ask the connector again. */
export function isDeliveryMoving(delivery: TDeliveryRow): boolean {
  if (delivery.negotiation_id === null || delivery.negotiation_state === 'TERMINATED') return false;
  if (delivery.transfer_state === 'STARTED') return false;
  return !['COMPLETED', 'TERMINATED', 'DEPROVISIONED'].includes(delivery.transfer_state ?? '');
}
