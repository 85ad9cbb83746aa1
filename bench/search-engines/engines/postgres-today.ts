// Candidate a: PostgreSQL as the product searches today. A wide table shaped like `offers` (its columns the
// search reads, the weighted generated tsvector kept in the main heap, GIN indexes on the vector, categories
// and keywords), ts_rank over every match, and the count capped by a limit, the page and the count run at
// once as findOfferPage does.
import type pg from 'pg';
import type { TEngineDoc } from '../corpus';
import type { TEngine, TEngineResult } from '../engine';
import type { TEngineQuery } from '../queries';
import { backendsRssMb, filterSql, loadDocuments, openPool, parseTsquery, runUnlimited, tableBytes } from './postgres';
import { rankPageAndCount } from './postgres-page';

const TABLE = 'engine_today_offers';

/** Today's search on a table of its own in the bench database at `url`. */
export function postgresToday(url: string): TEngine {
  const pool: pg.Pool = openPool(url, 16);

  async function search(query: TEngineQuery): Promise<TEngineResult> {
    const tsquery = await parseTsquery(pool, query);
    const { conditions, params } = filterSql(query, 2);
    const hasText = tsquery.length > 0;
    const where = [`state = 'ACTIVE'`, ...(hasText ? ['search_vector @@ $1::tsquery'] : []), ...conditions];
    const whereSql = where.join(' and ');
    const order = hasText
      ? 'ts_rank(search_vector, $1::tsquery, 1) desc, modified desc nulls last, id'
      : 'modified desc nulls last, id';
    const values = [hasText ? tsquery : '', ...params];
    // $1 is passed even when unused, so both statements take the same parameters.
    const guard = hasText ? '' : ' and $1::text is not null';
    return rankPageAndCount(pool, { table: TABLE, where: `${whereSql}${guard}`, order, values });
  }

  return {
    async build(docs: AsyncIterable<TEngineDoc>) {
      await runUnlimited(pool, [
        `drop table if exists ${TABLE}`,
        `create table ${TABLE} (
          id uuid primary key,
          seq integer not null,
          state text not null default 'ACTIVE',
          title text not null,
          description text not null,
          language text not null,
          keywords text[] not null,
          categories text[] not null,
          price numeric(12, 2) not null,
          modified timestamptz,
          search_vector tsvector not null generated always as (dsm_offer_vector(language, title, keywords, description)) stored
        )`,
        `alter table ${TABLE} alter column search_vector set storage main`,
      ]);
      await loadDocuments({
        pool,
        docs,
        insert: `insert into ${TABLE} (id, seq, title, description, language, keywords, categories, price, modified)
          select id, seq, title, description, language, keywords, categories, price, to_timestamp(modified / 1000.0)
          from json_to_recordset($1::json) as d(id uuid, seq integer, title text, description text, language text,
            keywords text[], categories text[], price numeric, modified double precision)`,
        toRow: (doc) => doc,
      });
      await runUnlimited(pool, [
        `create index on ${TABLE} using gin (search_vector)`,
        `create index on ${TABLE} using gin (categories)`,
        `create index on ${TABLE} using gin (keywords)`,
        `vacuum analyze ${TABLE}`,
      ]);
    },
    modes: () => [{ label: 'PostgreSQL today (ts_rank over all matches)', search, concurrency: 8 }],
    measure: async () => ({ bytesOnDisk: await tableBytes(pool, TABLE), serverRssMb: await backendsRssMb(pool) }),
    close: async () => {
      await runUnlimited(pool, [`drop table if exists ${TABLE}`]);
      await pool.end();
    },
  };
}
