import { sql } from 'kysely';
import type { TDb } from '../../db/database';

// The catalogue's change feed: triggers on its tables queue changed offers in `search_outbox`, which the
// search index reads (modules/search/index); writers of many offers at once queue them here instead.

/**
 * Turns the outbox triggers off for the rest of the transaction `trx` (migration 0013): from here the
 * caller queues every offer it inserts, changes or deletes itself, with `queueOfferChanges` in the same
 * transaction. For writers of many offers at once, which would otherwise queue each offer once per table.
 * A change the caller does not queue is never searchable, so everything else keeps the triggers.
 */
export async function takeOverOfferQueuing(trx: TDb): Promise<void> {
  await sql`select set_config('dsm.search_outbox', 'caller', true)`.execute(trx);
}

/** Queues these offers for the search index, one outbox row each, in the caller's transaction. */
export async function queueOfferChanges(trx: TDb, offerIds: readonly string[]): Promise<void> {
  if (offerIds.length === 0) return;
  await sql`insert into search_outbox (offer_id) select unnest(${offerIds}::uuid[])`.execute(trx);
}
