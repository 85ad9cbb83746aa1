import type { Database } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { queryIndex } from './query-index';
import type { TIndexSearch, TIndexSearchResult } from './search-index';

/**
 * Answers kept per index connection. A page of 10 with its facets takes a few kilobytes, so 2,000 answers
 * stay under 20 MB a search thread (a page of 1000 is not kept: see below).
 */
const MAX_ENTRIES = 2_000;
/** Pages larger than this are not kept: they are rare, large, and cost more to hold than to compute. */
const MAX_CACHED_PAGE = 100;

type TCache = { dataVersion: number; answers: LRUCache<string, TIndexSearchResult> };

const caches = new WeakMap<Database, TCache>();

/**
 * `queryIndex` with its answers kept until the index changes. Searches follow a long-tailed popularity
 * (the same few hundred queries make up much of a day's log), and a popular query costs 5-70 ms in the
 * index. SQLite's `data_version` tells this connection that another one (the index's writer) committed, so
 * an answer is never older than the index it is read from; the least recently used answers go first.
 */
export function cachedQueryIndex(db: Database, search: TIndexSearch): TIndexSearchResult {
  if (search.limit > MAX_CACHED_PAGE) return queryIndex(db, search);
  const dataVersion = db.pragma('data_version', { simple: true }) as number;
  let cache = caches.get(db);
  if (!cache || cache.dataVersion !== dataVersion) {
    cache = { dataVersion, answers: new LRUCache({ max: MAX_ENTRIES }) };
    caches.set(db, cache);
  }
  const started = performance.now();
  const key = JSON.stringify(search);
  const kept = cache.answers.get(key);
  if (kept) {
    return { ...kept, stages: { cached: performance.now() - started } };
  }
  const answer = queryIndex(db, search);
  cache.answers.set(key, answer);
  return answer;
}
