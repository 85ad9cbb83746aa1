import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { cachedQueryIndex } from './cached-query-index';
import { facetCounterOf } from './facet-counter';
import { openReader } from './index-schema';
import { matchEveryWord } from './query-index';
import type { TIndexSearch } from './search-index';
import { suggestFromIndex } from './suggest-from-index';
import { serveRequests } from './worker-rpc';

/**
 * How a thread warms the index it opened: `budgetMs` 0 warms while answering (the facets and the first few
 * searches before the first answer, the rest between searches); more reads its share of the file (`part` of
 * `parts`) into the operating system's cache, the facets and as many of `searches` as fit in the budget before
 * it answers, and the rest between searches.
 */
export type TWarmRequest = { searches: TIndexSearch[]; budgetMs: number; part: number; parts: number };

/** What a thread's warm start did, in ms and counts. */
export type TWarmReport = {
  /** Bytes of the index file (and its write-ahead log) this thread read ahead. */
  bytesRead: number;
  readMs: number;
  facetsMs: number;
  /** Searches run and kept before the thread answered; those left run between searches. */
  searchesRun: number;
  searchesLeft: number;
  searchesMs: number;
  /** True when the budget ended the warm start before it was done. */
  isCutShort: boolean;
};

/**
 * What a search thread is asked: a search to run, another index file to read from now on, a warm start, or to read
 * the facets of the offers changed since its last search.
 */
export type TSearchWorkerRequest =
  | { search: TIndexSearch }
  | { matchEveryWord: TIndexSearch[] }
  | { suggest: string }
  | { open: string; warmSearches: TIndexSearch[] }
  | { warm: TWarmRequest }
  | { syncFacets: true };

let path = workerData.path as string;
let db = openReader(path);
let warming = 0;

/** Searches run before a thread warming while it answers (budget 0) answers anything. */
const WARMED_BEFORE_ANSWERING = 20;
/** Read-ahead chunk: large enough for sequential reads, small enough to check the budget often. */
const READ_CHUNK = 4 * 1024 * 1024;

/**
 * Reads this thread's share of the index file and of its write-ahead log, so that the searches after it find
 * their pages in the operating system's cache instead of on the disk (a new machine, or a cache that other work
 * emptied); on a cache that holds the file already it costs a copy of memory. Stops at `deadline`.
 */
function readAhead(part: number, parts: number, deadline: number): number {
  const buffer = Buffer.allocUnsafe(READ_CHUNK);
  let bytesRead = 0;
  for (const file of [path, `${path}-wal`]) {
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      continue;
    }
    const share = Math.ceil(size / parts);
    const end = Math.min(size, (part + 1) * share);
    const fd = openSync(file, 'r');
    try {
      for (let at = part * share; at < end && performance.now() < deadline; ) {
        const read = readSync(fd, buffer, 0, Math.min(READ_CHUNK, end - at), at);
        if (read <= 0) break;
        at += read;
        bytesRead += read;
      }
    } finally {
      closeSync(fd);
    }
  }
  return bytesRead;
}

/**
 * Runs the searches asked most before the restart (popular-searches.ts), so that their answers are kept and
 * the index's pages read: those before `deadline` (or the first `before` of them) before the thread answers,
 * the rest one per turn of its loop while it already answers (a search that comes meanwhile waits for one of
 * them at most). A newer file or warm start starts anew. Says how many ran before answering.
 */
function warmSearches(searches: TIndexSearch[], before: number, deadline: number): number {
  const run = ++warming;
  let next = 0;
  const runNext = () => {
    try {
      cachedQueryIndex(db, searches[next++] as TIndexSearch);
    } catch {
      // A search saved by an earlier version may no longer be one; the warm-up goes on without it.
    }
  };
  while (next < Math.min(before, searches.length) && performance.now() < deadline) runNext();
  const ranBefore = next;
  const step = () => {
    if (run !== warming || next >= searches.length) return;
    runNext();
    setImmediate(step);
  };
  setImmediate(step);
  return ranBefore;
}

/** The warm start of the file open: see TWarmRequest. */
function warm(request: TWarmRequest): TWarmReport {
  const started = performance.now();
  if (request.budgetMs <= 0) {
    facetCounterOf(db).warm();
    const facetsMs = performance.now() - started;
    const ran = warmSearches(request.searches, WARMED_BEFORE_ANSWERING, Number.POSITIVE_INFINITY);
    const searchesMs = performance.now() - started - facetsMs;
    return report(0, 0, facetsMs, ran, request.searches.length, searchesMs, false);
  }
  const deadline = started + request.budgetMs;
  const bytesRead = readAhead(request.part, request.parts, deadline);
  const read = performance.now();
  facetCounterOf(db).warm();
  const facets = performance.now();
  const ran = warmSearches(request.searches, request.searches.length, deadline);
  const done = performance.now();
  const isCutShort = ran < request.searches.length || read >= deadline;
  return report(bytesRead, read - started, facets - read, ran, request.searches.length, done - facets, isCutShort);
}

function report(
  bytesRead: number,
  readMs: number,
  facetsMs: number,
  searchesRun: number,
  searches: number,
  searchesMs: number,
  isCutShort: boolean,
): TWarmReport {
  return {
    bytesRead,
    readMs,
    facetsMs,
    searchesRun,
    searchesLeft: searches - searchesRun,
    searchesMs,
    isCutShort,
  };
}

serveRequests((request: TSearchWorkerRequest) => {
  if ('warm' in request) return warm(request.warm);
  if ('syncFacets' in request) {
    facetCounterOf(db).warm();
    return null;
  }
  if ('open' in request) {
    const previous = db;
    path = request.open;
    db = openReader(path);
    previous.close();
    warm({ searches: request.warmSearches, budgetMs: 0, part: 0, parts: 1 });
    return null;
  }
  if ('suggest' in request) return suggestFromIndex(db, request.suggest);
  if ('matchEveryWord' in request) return matchEveryWord(db, request.matchEveryWord);
  return cachedQueryIndex(db, request.search);
});
