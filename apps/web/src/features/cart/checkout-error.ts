import { ErrorCode } from '@dsm/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/error-message';

/** Why a checkout was refused, as the cart tells it: each has its text in `cart.refused.*`. */
export type TCheckoutRefusal =
  | 'organisationIncomplete'
  | 'geoRestricted'
  | 'notForSale'
  | 'offerGone'
  | 'publisherChanged'
  | 'repeated'
  | 'keyReused'
  | 'rateLimited'
  | 'alreadyYours'
  | 'ownOffer'
  | 'sellerIncomplete';

/** The item an issue names (`body.purchasedItems.2.productId` is the third). */
const ITEM_PATH = /^body\.purchasedItems\.(\d+)\.(productId|providerId)$/;

/** The refusal and the cart item it concerns, chosen by the error code and the issue's path; null when it is no refusal the cart knows. */
export function checkoutRefusalOf(error: unknown): { reason: TCheckoutRefusal; itemIndex: number | null } | null {
  if (!(error instanceof ApiError)) return null;
  const item = error.issues.map((issue) => ITEM_PATH.exec(issue.path)).find((match) => match !== null);
  const itemIndex = item ? Number(item[1]) : null;
  const onItem = (reason: TCheckoutRefusal) => (itemIndex === null ? null : { reason, itemIndex });
  switch (error.code) {
    case ErrorCode.ORGANISATION_INCOMPLETE:
      return { reason: 'organisationIncomplete', itemIndex: null };
    case ErrorCode.RATE_LIMITED:
      return { reason: 'rateLimited', itemIndex: null };
    case ErrorCode.OFFER_ALREADY_YOURS:
      return onItem('alreadyYours');
    case ErrorCode.OWN_OFFER:
      return onItem('ownOffer');
    case ErrorCode.SELLER_INCOMPLETE:
      return onItem('sellerIncomplete');
    case ErrorCode.FORBIDDEN:
      return onItem('geoRestricted');
    case ErrorCode.NOT_FOUND:
      return onItem('offerGone');
    case ErrorCode.CONFLICT:
      if (error.issues.some((issue) => issue.path === 'headers.idempotency-key')) {
        return { reason: 'keyReused', itemIndex: null };
      }
      return onItem('notForSale');
    case ErrorCode.VALIDATION_FAILED:
      return item?.[2] === 'providerId' ? onItem('publisherChanged') : onItem('repeated');
    default:
      return null;
  }
}

/**
 * The text of the cart's alert for a failed checkout, in the user's language: chosen by the error
 * code and the item the server named (its title from the cart), never the server's English
 * sentence; other failures as everywhere else.
 */
export function checkoutErrorMessage(error: unknown, t: TFunction, titles: readonly string[]): string {
  const refusal = checkoutRefusalOf(error);
  if (!refusal) return errorMessage(error, t);
  const title = refusal.itemIndex === null ? '' : (titles[refusal.itemIndex] ?? '');
  return t(`cart.refused.${refusal.reason}`, { title });
}
