// Candidate b: PostgreSQL redesigned. A narrow search table (seq in order of modification as the key, the
// vector, the filter columns) whose heap is a fraction of the offers table's, and one statement that takes
// the newest COUNT_CAP matches, counts them and ranks only them: the count and the page share one pass, and
// a frequent word stops after COUNT_CAP matches instead of ranking all of them. A second mode ranks every
// match on the same table, to tell what the narrow table gains from what the cap gains.
import type pg from 'pg';
import type { TEngineDoc } from '../corpus';
import { COUNT_CAP, PAGE_SIZE, type TEngine, type TEngineResult } from '../engine';
import type { TEngineQuery } from '../queries';
import { backendsRssMb, filterSql, loadDocuments, openPool, parseTsquery, runUnlimited, tableBytes } from './postgres';
import { rankPageAndCount } from './postgres-page';

const TABLE = 'engine_narrow_search';

/** The narrow-table search on a table of its own in the bench database at `url`. */
export function postgresNarrow(url: string): TEngine {
  const pool: pg.Pool = openPool(url, 16);

  /** The query's filter as SQL over the narrow table, and the ranking to put before `seq desc`. */
  async function narrowSql(query: TEngineQuery) {
    const tsquery = await parseTsquery(pool, query);
    const { conditions, params } = filterSql(query, 2);
    const hasText = tsquery.length > 0;
    const where = [hasText ? 'vector @@ $1::tsquery' : '$1::text is not null', ...conditions].join(' and ');
    const rank = hasText ? 'ts_rank(vector, $1::tsquery, 1) desc, ' : '';
    return { where, rank, values: [hasText ? tsquery : '', ...params] };
  }

  async function search(query: TEngineQuery): Promise<TEngineResult> {
    const { where, rank, values } = await narrowSql(query);
    const { rows } = await pool.query<{ total: string; seqs: number[] }>(
      `with newest as materialized (
         select seq, vector from ${TABLE} where ${where} order by seq desc limit ${COUNT_CAP}
       )
       select (select count(*) from newest) as total,
              array(select seq from newest order by ${rank}seq desc limit ${PAGE_SIZE}) as seqs`,
      values,
    );
    return { seqs: rows[0]?.seqs ?? [], total: Number(rows[0]?.total ?? 0) };
  }

  /** The same table ranked as today: every match ranked, the count a statement of its own. */
  async function searchAll(query: TEngineQuery): Promise<TEngineResult> {
    const { where, rank, values } = await narrowSql(query);
    return rankPageAndCount(pool, { table: TABLE, where, order: `${rank}seq desc`, values });
  }

  return {
    async build(docs: AsyncIterable<TEngineDoc>) {
      await runUnlimited(pool, [
        `drop table if exists ${TABLE}`,
        `create table ${TABLE} (
          seq integer primary key,
          vector tsvector not null,
          price numeric(12, 2) not null,
          categories text[] not null,
          keywords text[] not null
        )`,
        `alter table ${TABLE} alter column vector set storage main`,
      ]);
      await loadDocuments({
        pool,
        docs,
        insert: `insert into ${TABLE} (seq, vector, price, categories, keywords)
          select seq, dsm_offer_vector(language, title, keywords, description), price, categories, keywords
          from json_to_recordset($1::json) as d(seq integer, title text, description text, language text,
            keywords text[], categories text[], price numeric)`,
        toRow: ({ seq, title, description, language, keywords, categories, price }) => ({
          seq,
          title,
          description,
          language,
          keywords,
          categories,
          price,
        }),
      });
      await runUnlimited(pool, [
        `create index on ${TABLE} using gin (vector)`,
        `create index on ${TABLE} using gin (categories)`,
        `create index on ${TABLE} using gin (keywords)`,
        `vacuum analyze ${TABLE}`,
      ]);
    },
    modes: () => [
      { label: 'PostgreSQL narrow (ts_rank over the newest 10,001)', search, concurrency: 8 },
      { label: 'PostgreSQL narrow (ts_rank over all matches)', search: searchAll, concurrency: 8 },
    ],
    measure: async () => ({ bytesOnDisk: await tableBytes(pool, TABLE), serverRssMb: await backendsRssMb(pool) }),
    close: async () => {
      await runUnlimited(pool, [`drop table if exists ${TABLE}`]);
      await pool.end();
    },
  };
}
