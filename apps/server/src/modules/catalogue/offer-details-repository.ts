import type { TDb } from '../../db/database';
import type { TOfferRow } from './catalogue-rows';

/** The columns of an offer the details page shows beyond what search presents. */
export type TOfferDetailsRow = Pick<
  TOfferRow,
  'id' | 'provider' | 'provider_url' | 'author' | 'author_email' | 'maintainer' | 'maintainer_email'
>;

/** The details columns of these offers; unknown ids are left out. */
export async function findOfferDetails(db: TDb, ids: readonly string[]): Promise<TOfferDetailsRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('offers')
    .select(['id', 'provider', 'provider_url', 'author', 'author_email', 'maintainer', 'maintainer_email'])
    .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
    .execute();
}

/** Up to `limit` offer ids after `after` in id order: keyset paging stays fast on the millionth row. */
export async function findOfferIdPage(db: TDb, page: { after: string | undefined; limit: number }): Promise<string[]> {
  let query = db.selectFrom('offers').select('id').orderBy('id').limit(page.limit);
  if (page.after) query = query.where('id', '>', page.after);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}
