// The SQL of the SQLite FTS5 candidate, run by each reader thread on its own connection. Documents are
// numbered in order of modification (rowid = seq), so "the newest matches" are the highest rowids.
import type Database from 'better-sqlite3';
import { COUNT_CAP, PAGE_SIZE, type TEngineResult } from '../engine';
import type { TEngineQuery } from '../queries';

/** How the page is ranked: bm25 over the newest COUNT_CAP matches only, or over every match. */
export type TSqliteRanking = 'capped' | 'uncapped';

const RANK = 'bm25(t, 10, 4, 1)';

/** Each word as a quoted FTS5 string (so operators and punctuation are plain text); a phrase as one string. */
export function matchExpression(query: TEngineQuery): string {
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const words = query.words.filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return '';
  return query.isPhrase ? quote(words.join(' ')) : words.map(quote).join(' ');
}

/**
 * The filters as conditions on `column` against the side tables. Next to MATCH they are written
 * `+rowid in (...)`: a plain rowid constraint would be handed to FTS5, which then walks rowids instead of
 * the word's list.
 */
function filterConditions(query: TEngineQuery, column: string): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const marks = (values: unknown[]) => values.map(() => '?').join(', ');
  if (query.categories) {
    parts.push(`${column} in (select rowid from offer_categories where category in (${marks(query.categories)}))`);
    params.push(...query.categories);
  }
  if (query.keywords) {
    parts.push(`${column} in (select rowid from offer_keywords where keyword in (${marks(query.keywords)}))`);
    params.push(...query.keywords);
  }
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    parts.push(`${column} in (select rowid from offer_prices where price between ? and ?)`);
    params.push(query.minPrice ?? 0, query.maxPrice ?? Number.MAX_SAFE_INTEGER);
  }
  return { sql: parts.map((part) => ` and ${part}`).join(''), params };
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** Prepares each distinct statement once per connection, as a server would. */
function prepared(db: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql).pluck();
    cache.set(sql, statement);
  }
  return statement;
}

/** One search on `db` with the given ranking. */
export function searchSqlite(db: Database.Database, query: TEngineQuery, ranking: TSqliteRanking): TEngineResult {
  const match = matchExpression(query);
  if (match === '') {
    const filters = filterConditions(query, 'rowid');
    const seqs = prepared(
      db,
      `select rowid from offer_prices where 1${filters.sql} order by rowid desc limit ${PAGE_SIZE}`,
    ).all(...filters.params) as number[];
    const total = prepared(
      db,
      `select count(*) from (select 1 from offer_prices where 1${filters.sql} limit ${COUNT_CAP})`,
    ).get(...filters.params) as number;
    return { seqs, total };
  }
  const filters = filterConditions(query, '+rowid');
  const count = () =>
    prepared(db, `select count(*) from (select 1 from t where t match ?${filters.sql} limit ${COUNT_CAP})`).get(
      match,
      ...filters.params,
    ) as number;
  if (ranking === 'uncapped') {
    const seqs = prepared(
      db,
      `select rowid from t where t match ?${filters.sql} order by ${RANK} limit ${PAGE_SIZE}`,
    ).all(match, ...filters.params) as number[];
    return { seqs, total: count() };
  }
  const boundary = prepared(
    db,
    `select rowid from t where t match ?${filters.sql} order by rowid desc limit 1 offset ${COUNT_CAP - 1}`,
  ).get(match, ...filters.params) as number | undefined;
  const seqs = prepared(
    db,
    `select rowid from t where t match ? and rowid >= ?${filters.sql} order by ${RANK} limit ${PAGE_SIZE}`,
  ).all(match, boundary ?? 0, ...filters.params) as number[];
  // A boundary means at least COUNT_CAP matches: the count is known without counting.
  return { seqs, total: boundary === undefined ? count() : COUNT_CAP };
}
