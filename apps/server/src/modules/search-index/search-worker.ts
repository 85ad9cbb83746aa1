import { workerData } from 'node:worker_threads';
import { openReader } from './index-schema';
import { queryIndex } from './query-index';
import type { TIndexSearch } from './search-index';
import { serveRequests } from './worker-rpc';

/** What a search thread is asked: a search to run, or another index file to read from now on. */
export type TSearchWorkerRequest = { search: TIndexSearch } | { open: string };

let db = openReader(workerData.path as string);

serveRequests((request: TSearchWorkerRequest) => {
  if ('open' in request) {
    const previous = db;
    db = openReader(request.open);
    previous.close();
    return null;
  }
  return queryIndex(db, request.search);
});
