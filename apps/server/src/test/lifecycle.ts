import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import { afterAll, beforeAll } from 'vitest';
import { startSandboxConnectors, type TSandboxConnectors } from '../modules/connectors/start-sandbox-connectors';
import {
  openTemporarySearchIndex,
  type TTemporarySearchIndex,
} from '../modules/search/index/open-temporary-search-index';
import { startTestApp, type TTestApp } from './test-app';
import { createTestDatabase, type TTestDatabase } from './test-database';

/**
 * A handle to something the suite starts in `beforeAll`: it reads through to the started thing, and
 * reading it before then (at the top of a file, while vitest collects the tests) throws instead of
 * handing out `undefined`.
 */
function startedLater<T extends object>(what: string, current: () => T | undefined): T {
  const started = () => {
    const value = current();
    if (value === undefined) throw new Error(`The ${what} starts in beforeAll: read it inside a test or a hook`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, property) {
      const target = started();
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_, property) => Reflect.has(started(), property),
    ownKeys: () => Reflect.ownKeys(started()),
    getOwnPropertyDescriptor: (_, property) => Reflect.getOwnPropertyDescriptor(started(), property),
  });
}

/**
 * Starts something with `start` before the tests of the file or `describe` block it is called in, and stops it
 * with `stop` after them; answers a handle to it (see `startedLater`).
 */
function useStarted<T extends object>(what: string, start: () => Promise<T>, stop: (started: T) => Promise<void>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  return startedLater(what, () => started);
}

/**
 * Starts the production app (see `startTestApp`) before the tests of the file or `describe` block it
 * is called in, and closes it after them.
 */
export function useTestApp(...args: Parameters<typeof startTestApp>): TTestApp {
  return useStarted(
    'test app',
    () => startTestApp(...args),
    (testApp) => testApp.close(),
  );
}

/**
 * A fresh, migrated database (see `createTestDatabase`) for the tests of the file or `describe` block
 * it is called in, dropped after them.
 */
export function useTestDatabase(): TTestDatabase {
  return useStarted('test database', createTestDatabase, (database) => database.drop());
}

export type TTemporaryFolder = {
  /** The folder's absolute path. */
  path: string;
};

/**
 * A new empty folder under the system's temporary folder, its name `prefix` and a random end, for the tests of the
 * file or `describe` block it is called in; removed with all it holds after them. `isOpenToAll` lets every user
 * read and enter it (0755): PostgreSQL runs as a user of its own when the tests run as root, and must reach a data
 * folder inside.
 */
export function useTemporaryFolder(prefix: string, options: { isOpenToAll?: boolean } = {}): TTemporaryFolder {
  return useStarted(
    'temporary folder',
    async () => {
      const created = await mkdtemp(path.join(os.tmpdir(), prefix));
      if (options.isOpenToAll) await chmod(created, 0o755);
      return { path: created };
    },
    (folder) => rm(folder.path, { recursive: true, force: true }),
  );
}

/**
 * The demo's sandbox connectors on the test app's database (see `startSandboxConnectors`), started before the tests
 * of the file or `describe` block it is called in (after the app of a `useTestApp` called before it), and stopped
 * after them.
 */
export function useSandboxConnectors(testApp: TTestApp): TSandboxConnectors {
  return useStarted(
    'sandbox connectors',
    () => startSandboxConnectors({ db: testApp.database.db, log: () => {} }),
    (sandboxes) => sandboxes.stop(),
  );
}

/**
 * A search index of the test database in a temporary folder (see `openTemporarySearchIndex`), opened before the
 * tests of the file or `describe` block it is called in (after the database of a `useTestDatabase` called before
 * it), and removed after them.
 */
export function useTemporarySearchIndex(database: TTestDatabase): TTemporarySearchIndex {
  return useStarted(
    'search index',
    () => openTemporarySearchIndex(database),
    (searchIndex) => searchIndex.remove(),
  );
}

/**
 * An EDC sandbox connector (see `startSandbox` of @dsm/connector-sandbox) for the tests of the file or `describe`
 * block it is called in, started before them and closed after them.
 */
export function useSandbox(...args: Parameters<typeof startSandbox>): Sandbox {
  return useStarted(
    'sandbox connector',
    () => startSandbox(...args),
    (sandbox) => sandbox.close(),
  );
}
