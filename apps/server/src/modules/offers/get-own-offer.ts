import type { TOwnOfferDetails } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectOfferDistributions, selectOwnOffer } from './offer-repository';
import { toOfferInput } from './offer-rows';
import { assertOfferOwner } from './policy';
import { presentOwnOfferDetails } from './present-own-offer';

export type TGetOwnOfferOptions = { db: TDb; userId: string; offerId: string };

/** One of the user's offers with the wizard input it was published from; 404 unknown, 403 someone else's. */
export async function getOwnOffer({ db, userId, offerId }: TGetOwnOfferOptions): Promise<TOwnOfferDetails> {
  const offer = await selectOwnOffer(db, offerId);
  assertOfferOwner(offer, userId, offerId);
  const distributions = await selectOfferDistributions(db, offerId);
  return presentOwnOfferDetails(offer, toOfferInput(offer, distributions));
}
