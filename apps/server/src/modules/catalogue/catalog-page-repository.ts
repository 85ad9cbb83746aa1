import type { TDb } from '../../db/database';

/** One page of the ids of searchable offers in a stable order, with the total and their landing pages. */
export async function findCatalogPage(
  db: TDb,
  page: { offset: number; limit: number },
): Promise<{ rows: { id: string; provider_url: string | null }[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('offers')
      .select(['id', 'provider_url'])
      .where('state', '=', 'ACTIVE')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 'ACTIVE')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
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
