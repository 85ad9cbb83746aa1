import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TDatabaseHandle } from '../../../db/database';
import type { ISearchIndex } from './search-index';
import { SqliteSearchIndex } from './sqlite-search-index';

export type TTemporarySearchIndex = ISearchIndex & {
  /** Closes the index and deletes its folder. */
  remove(): Promise<void>;
};

/**
 * A search index in a new temporary folder, answering on the calling thread; every search first applies
 * all queued changes, so it sees every change made before it (so it need not poll for them). For apps built without an index of their
 * own, tests and tools.
 */
export async function openTemporarySearchIndex(database: TDatabaseHandle): Promise<TTemporarySearchIndex> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dsm-search-index-'));
  const index = await SqliteSearchIndex.open({
    dir,
    database,
    workers: 0,
    isRefreshedBeforeSearch: true,
    pollMs: 3_600_000,
  });
  return Object.assign(index, {
    async remove() {
      await index.leave();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
