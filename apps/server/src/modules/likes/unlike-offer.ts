import { ErrorCode, type TLikeResponse } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import type { TLikeOptions } from './like-offer';
import { deleteLike } from './likes-repository';

/** Removes the user's like of an offer; unliking one not liked changes nothing. An unknown offer is NOT_FOUND. */
export async function unlikeOffer({ db, userId, offerId }: TLikeOptions): Promise<TLikeResponse> {
  const uuid = offerId.toLowerCase();
  const likes = await deleteLike(db, userId, uuid);
  if (likes === null) throw new AppError(ErrorCode.NOT_FOUND, `No offer ${offerId}`);
  return { uuid, isLiked: false, likes };
}
