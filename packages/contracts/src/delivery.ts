import { z } from 'zod';

/**
 * Delivery of an acquired Connector-access offer through the data space: the contract negotiation on the buyer's
 * connector against the supplier's, the transfer it starts once FINALIZED, and the data read through the
 * supplier's public data plane with the EDR once the transfer is STARTED.
 */

/** Where a delivery stands, in the order a buyer sees its steps. */
export const DeliveryStep = {
  /** The negotiation runs on the buyer's connector. */
  NEGOTIATING: 'NEGOTIATING',
  /** The contract is agreed; the transfer runs. */
  TRANSFERRING: 'TRANSFERRING',
  /** The transfer is STARTED: the data can be downloaded. */
  READY: 'READY',
  /** The negotiation or the transfer ended without data (see `error`), or a step could not be taken. */
  FAILED: 'FAILED',
} as const;
export const ZDeliveryStep = z.enum(DeliveryStep);
export type TDeliveryStep = z.infer<typeof ZDeliveryStep>;

/** One delivery: an order line of a Connector-access offer on its way to the buyer. */
export const ZDelivery = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  /** The acquired offer (`/offer/details/{offerId}`). */
  offerId: z.string(),
  step: ZDeliveryStep,
  /** The buyer's connector, which negotiates and receives. */
  consumerConnectorId: z.string(),
  /** The supplier's connector, which offers the data. */
  providerConnectorId: z.string(),
  /** The asset negotiated for (the offer's first endpoint). */
  assetId: z.string(),
  negotiation: z.object({ id: z.string(), state: z.string() }).nullable(),
  /** The contract agreement, once the negotiation is FINALIZED. */
  agreementId: z.string().nullable(),
  transfer: z.object({ id: z.string(), state: z.string() }).nullable(),
  /** Why the last step failed: the connector's message, or the reason a negotiation was terminated with. */
  error: z.string().nullable(),
  /** ISO 8601 times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDelivery = z.infer<typeof ZDelivery>;

/** `POST /api/deliveries`: request access to an acquired offer. */
export const ZDeliveryRequest = z.object({ offerId: z.uuid() }).strict();
export type TDeliveryRequest = z.infer<typeof ZDeliveryRequest>;

/** `GET /api/deliveries`: the signed-in buyer's deliveries, newest first, their states refreshed from the connector. */
export const ZDeliveryListResponse = z.array(ZDelivery);
export type TDeliveryListResponse = z.infer<typeof ZDeliveryListResponse>;

/** Path parameters of the calls about one delivery. */
export const ZDeliveryParams = z.object({ deliveryId: z.uuid() });
export type TDeliveryParams = z.infer<typeof ZDeliveryParams>;

export const deliveryRequestEndpoint = { method: 'POST', path: '/api/deliveries' } as const;
export const deliveryListEndpoint = { method: 'GET', path: '/api/deliveries' } as const;
export const deliveryEndpoint = { method: 'GET', path: '/api/deliveries/:deliveryId' } as const;
export const deliveryDataEndpoint = { method: 'GET', path: '/api/deliveries/:deliveryId/data' } as const;

/** The path of a delivery's data download. */
export function deliveryDataPath(deliveryId: string): string {
  return `/api/deliveries/${encodeURIComponent(deliveryId)}/data`;
}
