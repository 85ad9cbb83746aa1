// A reader thread of the SQLite FTS5 candidate: its own read-only connection, one search at a time.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { TEngineQuery } from '../queries';
import { searchSqlite, type TSqliteRanking } from './sqlite-fts5-search';

type TRequest = { id: number; query: TEngineQuery; ranking: TSqliteRanking };

const db = new Database((workerData as { file: string }).file, { readonly: true });
parentPort?.on('message', ({ id, query, ranking }: TRequest) => {
  try {
    parentPort?.postMessage({ id, result: searchSqlite(db, query, ranking) });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
