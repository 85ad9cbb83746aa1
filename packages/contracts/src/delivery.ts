import { z } from 'zod';
import { endpointGroup } from './endpoint';

/**
 * Delivery of an acquired Connector-access offer through the data space: the contract negotiation on the buyer's
 * connector against the supplier's, the transfer it starts once FINALIZED, and the data read through the
 * supplier's public data plane with the EDR once the transfer is STARTED.
 */

const deliveriesApi = endpointGroup('deliveries');

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

/** The path of a delivery's data download. */
export function deliveryDataPath(deliveryId: string): string {
  return `/api/deliveries/${encodeURIComponent(deliveryId)}/data`;
}

export const deliveryRequestEndpoint = deliveriesApi('POST /api/deliveries', {
  body: ZDeliveryRequest,
  answer: ZDelivery,
  status: 201,
  summary: 'Request access to an acquired Connector offer: negotiate its contract on the buyer’s connector',
  description:
    "The buyer's connector fetches the offer's dataset from the supplier's connector (DSP) and starts the contract negotiation. Asking again while a delivery runs answers it; a failed one starts afresh. 403 for an offer the user did not buy, 409 when the offer is not delivered by connector or the user has no connector.",
  errors: [400, 403, 404, 409, 502, 503, 504],
});

export const deliveryListEndpoint = deliveriesApi('GET /api/deliveries', {
  answer: ZDeliveryListResponse,
  summary: "The signed-in buyer's deliveries, newest first, refreshed from the connector",
  description:
    'Reading the list moves each running delivery on: its states are read from the buyer’s connector and the transfer starts once the negotiation is FINALIZED.',
  errors: [],
});

export const deliveryEndpoint = deliveriesApi('GET /api/deliveries/:deliveryId', {
  params: ZDeliveryParams,
  answer: ZDelivery,
  summary: 'One delivery of the signed-in buyer, refreshed from the connector',
  errors: [403, 404, 409, 502, 503, 504],
});

export const deliveryDataEndpoint = deliveriesApi('GET /api/deliveries/:deliveryId/data', {
  params: ZDeliveryParams,
  answer: z
    .any()
    .meta({ type: 'string', format: 'binary', description: "The asset's data, as the supplier serves it" }),
  summary: "Download a delivery's data through the supplier's public data plane",
  description: 'Streams the data with the EDR of the STARTED transfer; 409 while the transfer is not STARTED.',
  produces: ['application/octet-stream'],
  errors: [403, 404, 409, 502, 503, 504],
});
