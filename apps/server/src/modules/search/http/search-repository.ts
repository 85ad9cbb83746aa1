import { sql } from 'kysely';
import type { TDb } from '../../../db/database';

/** The most used keywords and every category in use, most frequent first. */
export async function findFilterValues(
  db: TDb,
  keywordLimit: number,
): Promise<{ keywords: string[]; categories: string[] }> {
  const [keywords, categories] = await Promise.all([
    sql<{ value: string }>`
      select k as value from offers o, unnest(o.keywords) k where o.state = 'ACTIVE'
      group by k order by count(*) desc, k limit ${keywordLimit}`.execute(db),
    sql<{ value: string }>`
      select c as value from offers o, unnest(o.categories) c where o.state = 'ACTIVE'
      group by c order by count(*) desc, c`.execute(db),
  ]);
  return { keywords: keywords.rows.map((row) => row.value), categories: categories.rows.map((row) => row.value) };
}

/** What finds an offer's related offers: its keywords, categories, and what makes a federated copy of it. */
export type TRelatedSource = {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  categories: string[];
};

/** A searchable offer's keywords and categories; undefined when there is no such offer. */
export async function findRelatedSource(db: TDb, id: string): Promise<TRelatedSource | undefined> {
  return db
    .selectFrom('offers')
    .select(['id', 'title', 'description', 'keywords', 'categories'])
    .where('id', '=', id)
    .where('state', '=', 'ACTIVE')
    .executeTakeFirst();
}

/** Each distribution format of searchable offers with the number of offers having it, the most used first. */
export async function findCatalogueFormats(db: TDb): Promise<{ format: string; count: number }[]> {
  const { rows } = await sql<{ format: string; count: string }>`
    select x.format, count(distinct d.offer_id) as count
    from distributions x join datasets d on d.id = x.dataset_id join offers o on o.id = d.offer_id
    where o.state = 'ACTIVE' and x.format is not null and x.format <> ''
    group by x.format order by count(distinct d.offer_id) desc, x.format`.execute(db);
  return rows.map((row) => ({ format: row.format, count: Number(row.count) }));
}
