import { RESULT_CAP } from '@dsm/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { TDb } from '../../db/database';

export type TSearchCriteria = {
  /** A tsquery from parseTextQuery; empty lists everything. */
  tsquery: string;
  /** Offers in any of these categories (already expanded by their groups). */
  categories: string[];
  /** Offers carrying any of these keywords. */
  keywords: string[];
  minPrice: number | null;
  maxPrice: number | null;
  /** Only offers with a distribution the link checker last found online. */
  hasWorkingEndpoint?: boolean;
};

export type TSearchPage = { ids: string[]; total: number; isTotalCapped: boolean };

/**
 * The text query in every language configuration; a document matches when any of them matches. Chinese,
 * Japanese and Korean text is also matched by its character pairs (see migration 0007), since the
 * parser reads a whole run of such characters as one word.
 */
function textQuery(text: string): RawBuilder<unknown> {
  return sql`(websearch_to_tsquery('dsm_de', ${text}) || websearch_to_tsquery('dsm_en', ${text}) || websearch_to_tsquery('dsm_simple', ${text}) || dsm_cjk_tsquery(${text}))`;
}

/**
 * Parses free text into a tsquery once, so the page and count queries get a constant the planner can
 * estimate. Empty when the text holds only stop words or punctuation.
 */
export async function parseTextQuery(db: TDb, text: string): Promise<string> {
  if (text.trim().length === 0) return '';
  const { rows } = await sql<{ query: string }>`select ${textQuery(text)}::text as query`.execute(db);
  return rows[0]?.query ?? '';
}

function filterConditions(criteria: TSearchCriteria): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`o.state = 'ACTIVE'`];
  if (criteria.categories.length > 0) conditions.push(sql`o.categories && ${criteria.categories}::text[]`);
  if (criteria.keywords.length > 0) conditions.push(sql`o.keywords && ${criteria.keywords}::text[]`);
  if (criteria.minPrice !== null) conditions.push(sql`o.price >= ${criteria.minPrice}`);
  if (criteria.maxPrice !== null) conditions.push(sql`o.price <= ${criteria.maxPrice}`);
  // Checked offers are few next to the catalogue: the planner reads the partial index of online checks first.
  if (criteria.hasWorkingEndpoint) {
    conditions.push(sql`o.id in (select lc.offer_id from link_checks lc where lc.status = 'online')`);
  }
  return conditions;
}

const and = (conditions: RawBuilder<unknown>[]): RawBuilder<unknown> =>
  sql.join(conditions, sql` and `) as RawBuilder<unknown>;

/**
 * One page of matching offer ids, ranked by relevance (title above keywords above description) and
 * then by recency, plus the number of matches counted only up to the cap, never further.
 */
export async function findOfferPage(
  db: TDb,
  criteria: TSearchCriteria,
  page: { offset: number; limit: number },
): Promise<TSearchPage> {
  const hasText = criteria.tsquery.length > 0;
  const conditions = filterConditions(criteria);
  let rows: { id: string }[];
  let countRows: { total: string }[];
  if (hasText) {
    const query = sql`${criteria.tsquery}::tsquery`;
    const where = and([...conditions, sql`o.search_vector @@ ${query}`]);
    [{ rows }, { rows: countRows }] = await Promise.all([
      sql<{ id: string }>`
        select o.id from offers o
        where ${where}
        order by ts_rank(o.search_vector, ${query}, 1) desc, o.modified desc nulls last, o.id
        offset ${page.offset} limit ${page.limit}`.execute(db),
      sql<{ total: string }>`
        select count(*) as total from (select 1 from offers o where ${where} limit ${RESULT_CAP + 1}) capped`.execute(
        db,
      ),
    ]);
  } else {
    const where = and(conditions);
    [{ rows }, { rows: countRows }] = await Promise.all([
      sql<{ id: string }>`
        select o.id from offers o where ${where}
        order by o.modified desc nulls last, o.id
        offset ${page.offset} limit ${page.limit}`.execute(db),
      sql<{ total: string }>`
        select count(*) as total from (select 1 from offers o where ${where} limit ${RESULT_CAP + 1}) capped`.execute(
        db,
      ),
    ]);
  }
  const counted = Number(countRows[0]?.total ?? 0);
  return {
    ids: rows.map((row) => row.id),
    total: Math.min(counted, RESULT_CAP),
    isTotalCapped: counted > RESULT_CAP,
  };
}

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
