import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/**
 * One page of the ids of searchable offers in a stable order, with the total and their landing pages. Both are
 * read from `offers_catalog_page_idx` on one connection with PostgreSQL's parallel workers off: at a million offers
 * a page is 0.1 s and the count 0.15 s on one core, where parallel plans took every core at once for as long while
 * the searches beside them waited (docs/performance.md, "Catalogue export pages at a million offers").
 */
export async function findCatalogPage(
  db: TDb,
  page: { offset: number; limit: number },
): Promise<{ rows: { id: string; provider_url: string | null }[]; total: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    const rows = await trx
      .selectFrom('offers')
      .select(['id', 'provider_url'])
      .where('state', '=', 'ACTIVE')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const total = await trx
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total.n) };
  });
}

/** The landing page of one searchable offer; undefined when there is no such offer. */
export async function findCatalogOffer(
  db: TDb,
  id: string,
): Promise<{ id: string; provider_url: string | null } | undefined> {
  return db
    .selectFrom('offers')
    .select(['id', 'provider_url'])
    .where('id', '=', id)
    .where('state', '=', 'ACTIVE')
    .executeTakeFirst();
}
