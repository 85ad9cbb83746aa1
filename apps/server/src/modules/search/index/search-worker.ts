import { workerData } from 'node:worker_threads';
import { cachedQueryIndex } from './cached-query-index';
import { facetCounterOf } from './facet-counter';
import { openReader } from './index-schema';
import { matchEveryWord } from './query-index';
import type { TIndexSearch } from './search-index';
import { suggestFromIndex } from './suggest-from-index';
import { serveRequests } from './worker-rpc';

/** What a search thread is asked: a search to run, or another index file to read from now on (and what to warm it with). */
export type TSearchWorkerRequest =
  | { search: TIndexSearch }
  | { matchEveryWord: TIndexSearch[] }
  | { suggest: string }
  | { open: string; warmSearches: TIndexSearch[] };

/** An index file opened for searching, its facets read at once so the first search does not wait for them. */
function openWarm(file: string) {
  const reader = openReader(file);
  facetCounterOf(reader).warm();
  return reader;
}

let db = openWarm(workerData.path as string);
let warming = 0;

/** The most asked searches run before the thread answers anything: a few seconds at most on a million offers. */
const WARMED_BEFORE_ANSWERING = 20;

/**
 * Runs the searches asked most before the restart (popular-searches.ts), so that their answers are kept and
 * the index's pages read: the first few before the thread answers, the rest one per turn of its loop while it
 * already answers (a search that comes meanwhile waits for one of them at most). A newer file starts anew.
 */
function warm(searches: TIndexSearch[]): void {
  const run = ++warming;
  let next = 0;
  const runNext = () => {
    try {
      cachedQueryIndex(db, searches[next++] as TIndexSearch);
    } catch {
      // A search saved by an earlier version may no longer be one; the warm-up goes on without it.
    }
  };
  while (next < Math.min(WARMED_BEFORE_ANSWERING, searches.length)) runNext();
  const step = () => {
    if (run !== warming || next >= searches.length) return;
    runNext();
    setImmediate(step);
  };
  setImmediate(step);
}

warm((workerData.warmSearches as TIndexSearch[] | undefined) ?? []);

serveRequests((request: TSearchWorkerRequest) => {
  if ('open' in request) {
    const previous = db;
    db = openWarm(request.open);
    previous.close();
    warm(request.warmSearches);
    return null;
  }
  if ('suggest' in request) return suggestFromIndex(db, request.suggest);
  if ('matchEveryWord' in request) return matchEveryWord(db, request.matchEveryWord);
  return cachedQueryIndex(db, request.search);
});
