import { ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';

/**
 * The module's one permission rule: only an offer's owner reads its wizard input or changes it.
 * Imported and seeded offers have no owner, so nobody changes them through this API. A missing
 * offer is 404; someone else's is 403.
 */
export function assertOfferOwner<T extends { owner_id: string | null }>(
  offer: T | null,
  userId: string,
  offerId: string,
): asserts offer is T {
  if (!offer) throw new AppError(ErrorCode.NOT_FOUND, `There is no offer ${offerId}`);
  if (offer.owner_id !== userId) {
    throw new AppError(ErrorCode.FORBIDDEN, 'Only the supplier who published this offer may change it');
  }
}
