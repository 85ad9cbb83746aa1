import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { configureConnection } from './index-schema';
import { queryIndex } from './query-index';
import type { TIndexSearch } from './search-index';

/** Messages a search worker takes: a search to run, or another index file to read from now on. */
export type TWorkerRequest = { id: number; search: TIndexSearch } | { id: number; open: string };
export type TWorkerResponse = { id: number; result?: unknown; error?: string };

let db = openReader(workerData.path as string);

function openReader(path: string): Database.Database {
  const reader = new Database(path, { readonly: true, fileMustExist: true });
  configureConnection(reader, { isWriter: false });
  return reader;
}

parentPort?.on('message', (request: TWorkerRequest) => {
  try {
    if ('open' in request) {
      const previous = db;
      db = openReader(request.open);
      previous.close();
      parentPort?.postMessage({ id: request.id } satisfies TWorkerResponse);
      return;
    }
    parentPort?.postMessage({ id: request.id, result: queryIndex(db, request.search) } satisfies TWorkerResponse);
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
