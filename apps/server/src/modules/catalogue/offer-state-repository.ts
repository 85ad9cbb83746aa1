import { sql } from 'kysely';
import type { TDb } from '../../db/database';

export type TMarkOffersRemovedOptions = {
  /** Also stamps `updated_at`, as removing a whole harvest source does. */
  isTouched?: boolean;
};

/** Soft-deletes offers (state REMOVED): search stops finding them, orders and likes that name them stay. */
export async function markOffersRemoved(
  db: TDb,
  offerIds: readonly string[],
  { isTouched = false }: TMarkOffersRemovedOptions = {},
): Promise<void> {
  if (offerIds.length === 0) return;
  await db
    .updateTable('offers')
    // The schema types `updated_at` as a generated column, which Kysely's update types cannot take a value for.
    .set(isTouched ? { state: 'REMOVED', updated_at: sql`now()` as never } : { state: 'REMOVED' })
    .where('id', '=', (eb) => eb.fn.any(eb.val([...offerIds])))
    .execute();
}

/** Makes soft-deleted offers active again (those of harvest records that are back in their source). */
export async function reactivateRemovedOffers(db: TDb, offerIds: readonly string[]): Promise<void> {
  if (offerIds.length === 0) return;
  await db
    .updateTable('offers')
    .set({ state: 'ACTIVE' })
    .where('id', '=', (eb) => eb.fn.any(eb.val([...offerIds])))
    .where('state', '=', 'REMOVED')
    .execute();
}

/**
 * Marks a source's records removed and their offers with them, in one transaction: `markRecords` soft-deletes the
 * records a run did not see (a harvest's or a crawl's) and answers their offer ids. Answers how many it removed.
 */
export async function removeOffersOfUnseenRecords(
  db: TDb,
  markRecords: (trx: TDb) => Promise<readonly { offer_id: string }[]>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removed = await markRecords(trx);
    await markOffersRemoved(
      trx,
      removed.map((row) => row.offer_id),
    );
    return removed.length;
  });
}
