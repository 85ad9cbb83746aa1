import type { TOwnOffer } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectOwnOffer, updateOfferState } from '../catalogue/own-offer-repository';
import { assertOfferOwner } from './policy';
import { presentOwnOffer } from './present-own-offer';

export type TUnpublishOfferOptions = { db: TDb; userId: string; offerId: string };

/**
 * Takes an own offer out of search and filters at once. The offer stays stored, so likes, orders
 * and invoices that name it keep their meaning, and its owner can publish it again by editing it.
 * Unpublishing twice is harmless.
 */
export async function unpublishOffer({ db, userId, offerId }: TUnpublishOfferOptions): Promise<TOwnOffer> {
  const offer = await selectOwnOffer(db, offerId);
  assertOfferOwner(offer, userId, offerId);
  if (offer.state !== 'UNPUBLISHED') await updateOfferState(db, offerId, 'UNPUBLISHED');
  return presentOwnOffer((await selectOwnOffer(db, offerId))!);
}
