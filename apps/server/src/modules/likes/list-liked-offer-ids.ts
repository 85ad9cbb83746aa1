import type { TLikedIdsResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findLikedOfferIds } from './likes-repository';

/** The ids of the offers the user likes, most recently liked first. */
export async function listLikedOfferIds(db: TDb, userId: string): Promise<TLikedIdsResponse> {
  return findLikedOfferIds(db, userId);
}
