import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ErrorCode, type TErrorCode } from './errors';
import { ZIdParams } from './id-params';

const ordersApi = endpointGroup('orders');

/**
 * Why the signed-in user cannot order an offer, as the server decides it (checkout refuses the same):
 *
 * - `NOT_SOLD`: its supplier does not sell it on the marketplace (or it names no publisher).
 * - `FREE_FROM_SOURCE`: a free offer harvested from another portal: there is nothing to order, its
 *   data is got from its endpoints.
 * - `ALREADY_YOURS`: the user holds it: a purchase not ended, a running subscription (also a cancelled
 *   one until its paid period ends), a free acquisition. My Acquisitions lists it.
 * - `OWN_OFFER`: the user's organisation sells it, or the user published it.
 * - `SELLER_INCOMPLETE`: a paid offer whose publisher no organisation with a complete invoice profile
 *   (name, address, VAT ID, bank account) sells for: no valid invoice could be issued or paid.
 */
export const SALE_REFUSALS = [
  'NOT_SOLD',
  'FREE_FROM_SOURCE',
  'ALREADY_YOURS',
  'OWN_OFFER',
  'SELLER_INCOMPLETE',
] as const;
export const ZSaleRefusal = z.enum(SALE_REFUSALS);
export type TSaleRefusal = z.infer<typeof ZSaleRefusal>;

/** `GET /api/offers/{id}/sale-status`: whether the signed-in user may order the offer, and if not, why. */
export const ZOfferSaleStatus = z.object({
  '@id': z.string(),
  /** True when the user may put it in the cart and order it. */
  isForSale: z.boolean(),
  /** Why not; null when it is for sale to the user. */
  refusal: ZSaleRefusal.nullable(),
});
export type TOfferSaleStatus = z.infer<typeof ZOfferSaleStatus>;

/** The error code checkout answers (409) for an item refused for this reason. */
export const SALE_REFUSAL_ERRORS: Readonly<Record<TSaleRefusal, TErrorCode>> = {
  NOT_SOLD: ErrorCode.CONFLICT,
  FREE_FROM_SOURCE: ErrorCode.CONFLICT,
  ALREADY_YOURS: ErrorCode.OFFER_ALREADY_YOURS,
  OWN_OFFER: ErrorCode.OWN_OFFER,
  SELLER_INCOMPLETE: ErrorCode.SELLER_INCOMPLETE,
};

export const offerSaleStatusEndpoint = ordersApi('GET /api/offers/:id/sale-status', {
  params: ZIdParams,
  answer: ZOfferSaleStatus,
  summary: 'Whether the signed-in user may order an offer, and why not',
  description:
    "The rule checkout applies: `NOT_SOLD` (its supplier does not sell it), `FREE_FROM_SOURCE` (free from another portal: nothing to order), `OWN_OFFER` (the user's organisation sells it), `ALREADY_YOURS` (the user holds it: a purchase not ended, a running subscription, a free acquisition), `SELLER_INCOMPLETE` (a paid offer no organisation with a complete invoice profile sells). See docs/pricing.md.",
  errors: [400, 401, 403, 404],
});
