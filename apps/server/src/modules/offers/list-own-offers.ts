import type { TOwnOfferListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectOwnOffers } from '../catalogue/own-offer-repository';
import { presentOwnOffer } from './present-own-offer';

/** 'My offerings': every offer the user published, searchable or not, latest change first. */
export async function listOwnOffers(db: TDb, userId: string): Promise<TOwnOfferListResponse> {
  return (await selectOwnOffers(db, userId)).map(presentOwnOffer);
}
