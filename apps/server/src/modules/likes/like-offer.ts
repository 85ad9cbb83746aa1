import { ErrorCode, type TLikeResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { insertLike } from './likes-repository';

export type TLikeOptions = {
  db: TDb;
  /** The signed-in user's id (the token's subject). */
  userId: string;
  offerId: string;
};

/** Likes an offer for the user; liking it again changes nothing. An unknown offer is NOT_FOUND. */
export async function likeOffer({ db, userId, offerId }: TLikeOptions): Promise<TLikeResponse> {
  const uuid = offerId.toLowerCase();
  const likes = await insertLike(db, userId, uuid);
  if (likes === null) throw new AppError(ErrorCode.NOT_FOUND, `No offer ${offerId}`);
  return { uuid, isLiked: true, likes };
}
