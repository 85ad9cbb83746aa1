// What both PostgreSQL candidates share: a database of their own on the local server, with the product's
// search configurations and vector function (its migrations), bulk loading, and the text query as the
// product parses it.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../../../apps/server/src/db/database';
import { batches, type TEngineDoc } from '../corpus';
import type { TEngineQuery } from '../queries';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_DATABASE = 'bench_engines';

const urlFor = (adminUrl: string, database: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Creates the bench database with the product's schema unless it exists; returns its URL. */
export async function ensureBenchDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
  if (!rowCount) await admin.query(`create database ${BENCH_DATABASE}`);
  await admin.end();
  const url = urlFor(adminUrl, BENCH_DATABASE);
  const handle = createDatabase({ url, maxConnections: 1, applicationName: 'dsm-bench-engines' });
  await migrateToLatest(handle.db);
  await handle.close();
  return url;
}

/** Drops the bench database once every engine has run. */
export async function dropBenchDatabase(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await admin.end();
}

export function openPool(url: string, max: number): pg.Pool {
  return new pg.Pool({ connectionString: url, max, application_name: 'dsm-bench-engines' });
}

/** Runs statements with no time limit (index builds at a million take minutes). */
export async function runUnlimited(pool: pg.Pool, statements: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query("set maintenance_work_mem = '512MB'");
    for (const statement of statements) await client.query(statement);
  } finally {
    client.release();
  }
}

/**
 * Loads the corpus into `table` through `json_populate_recordset`, batch by batch; `columns` are read from
 * each document's JSON by name.
 */
export async function loadDocuments(options: {
  pool: pg.Pool;
  docs: AsyncIterable<TEngineDoc>;
  insert: string;
  toRow: (doc: TEngineDoc) => Record<string, unknown>;
}): Promise<void> {
  const { pool, docs, insert, toRow } = options;
  const inFlight = new Set<Promise<unknown>>();
  for await (const batch of batches(docs, 2000)) {
    const done = pool.query(insert, [JSON.stringify(batch.map(toRow))]).finally(() => inFlight.delete(done));
    inFlight.add(done);
    // Two batches at once: one per core.
    if (inFlight.size >= 2) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
}

/** The text of the words as the product hands it to `websearch_to_tsquery`: a phrase in double quotes. */
export function websearchText(query: TEngineQuery): string {
  const text = query.words.map((word) => word.replaceAll('"', ' ')).join(' ');
  return query.isPhrase ? `"${text}"` : text;
}

/** The product's text query: the words in every language configuration, any of which may match. */
export const TEXT_QUERY_SQL = `(websearch_to_tsquery('dsm_de', $1) || websearch_to_tsquery('dsm_en', $1) || websearch_to_tsquery('dsm_simple', $1) || dsm_cjk_tsquery($1))::text`;

/** Parses the words once, as the product does before its page and count queries. */
export async function parseTsquery(pool: pg.Pool, query: TEngineQuery): Promise<string> {
  if (query.words.length === 0) return '';
  const { rows } = await pool.query<{ q: string }>(`select ${TEXT_QUERY_SQL} as q`, [websearchText(query)]);
  return rows[0]?.q ?? '';
}

/** The filter conditions on columns `categories`, `keywords` and `price`, numbering parameters from `first`. */
export function filterSql(query: TEngineQuery, first: number): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    params.push(value);
    conditions.push(condition.replace('?', `$${first + params.length - 1}`));
  };
  if (query.categories) add('categories && ?::text[]', query.categories);
  if (query.keywords) add('keywords && ?::text[]', query.keywords);
  if (query.minPrice !== undefined) add('price >= ?', query.minPrice);
  if (query.maxPrice !== undefined) add('price <= ?', query.maxPrice);
  return { conditions, params };
}

/** Bytes of a table with its indexes and TOAST. */
export async function tableBytes(pool: pg.Pool, table: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('select pg_total_relation_size($1::regclass) as n', [table]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Private resident memory (RssAnon) of this pool's server backends, in MiB. Shared memory is left out: the
 * server's shared buffers are one pool for every database on it, whatever the engine.
 */
export async function backendsRssMb(pool: pg.Pool): Promise<number | undefined> {
  const { rows } = await pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = 'dsm-bench-engines' and datname = current_database()`,
  );
  try {
    let kb = 0;
    for (const { pid } of rows) {
      kb += Number(/^RssAnon:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    }
    return kb / 1024;
  } catch {
    return undefined;
  }
}
