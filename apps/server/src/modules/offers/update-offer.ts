import type { TOfferInput, TOwnOfferDetails } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { getOwnOffer } from './get-own-offer';
import { ensureSupplierAgent, replaceOwnOffer, selectOwnOffer } from './offer-repository';
import { type TSupplier, toOfferRows } from './offer-rows';
import { assertOfferOwner } from './policy';
import { completePublishing, initialStateOf, resolveLicenceTitle, type TPublishing } from './publish-offer';

export type TUpdateOfferOptions = TPublishing & {
  db: TDb;
  supplier: TSupplier;
  offerId: string;
  input: TOfferInput;
};

/**
 * Replaces an own offer with the edited wizard input and publishes it again (an unpublished offer
 * becomes searchable again). Only its owner may; 404 for an unknown offer, 403 for someone else's.
 */
export async function updateOffer({
  db,
  supplier,
  offerId,
  input,
  ...publishing
}: TUpdateOfferOptions): Promise<TOwnOfferDetails> {
  const current = await selectOwnOffer(db, offerId);
  assertOfferOwner(current, supplier.id, offerId);
  const licenceTitle = await resolveLicenceTitle(db, input);
  const rows = toOfferRows({
    offerId,
    input,
    supplier,
    licenceTitle,
    now: new Date(),
    issued: current.issued ?? current.created_at,
  });
  await db.transaction().execute(async (trx) => {
    // Locks the row: two edits of one offer apply one after the other, never interleaved.
    await trx.selectFrom('offers').select('id').where('id', '=', offerId).forUpdate().execute();
    await ensureSupplierAgent(trx, supplier);
    await replaceOwnOffer(trx, rows, initialStateOf(input));
  });
  await completePublishing(db, offerId, input, publishing);
  return getOwnOffer({ db, userId: supplier.id, offerId });
}
