import { workerData } from 'node:worker_threads';
import { cachedQueryIndex } from './cached-query-index';
import { facetCounterOf } from './facet-counter';
import { openReader } from './index-schema';
import { matchEveryWord } from './query-index';
import type { TIndexSearch } from './search-index';
import { suggestFromIndex } from './suggest-from-index';
import { serveRequests } from './worker-rpc';

/** What a search thread is asked: a search to run, or another index file to read from now on. */
export type TSearchWorkerRequest =
  | { search: TIndexSearch }
  | { matchEveryWord: TIndexSearch[] }
  | { suggest: string }
  | { open: string };

/** An index file opened for searching, its facets read at once so the first search does not wait for them. */
function openWarm(file: string) {
  const reader = openReader(file);
  facetCounterOf(reader).warm();
  return reader;
}

let db = openWarm(workerData.path as string);

serveRequests((request: TSearchWorkerRequest) => {
  if ('open' in request) {
    const previous = db;
    db = openWarm(request.open);
    previous.close();
    return null;
  }
  if ('suggest' in request) return suggestFromIndex(db, request.suggest);
  if ('matchEveryWord' in request) return matchEveryWord(db, request.matchEveryWord);
  return cachedQueryIndex(db, request.search);
});
