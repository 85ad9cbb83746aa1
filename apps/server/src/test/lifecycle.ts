import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
 * Starts the production app (see `startTestApp`) before the tests of the file or `describe` block it
 * is called in, and closes it after them.
 */
export function useTestApp(...args: Parameters<typeof startTestApp>): TTestApp {
  let testApp: TTestApp | undefined;
  beforeAll(async () => {
    testApp = await startTestApp(...args);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  return startedLater('test app', () => testApp);
}

/**
 * A fresh, migrated database (see `createTestDatabase`) for the tests of the file or `describe` block
 * it is called in, dropped after them.
 */
export function useTestDatabase(): TTestDatabase {
  let database: TTestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return startedLater('test database', () => database);
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
  let folder: TTemporaryFolder | undefined;
  beforeAll(async () => {
    const created = await mkdtemp(path.join(os.tmpdir(), prefix));
    if (options.isOpenToAll) await chmod(created, 0o755);
    folder = { path: created };
  });
  afterAll(async () => {
    if (folder) await rm(folder.path, { recursive: true, force: true });
  });
  return startedLater('temporary folder', () => folder);
}

/**
 * The demo's sandbox connectors on the test app's database (see `startSandboxConnectors`), started before the tests
 * of the file or `describe` block it is called in (after the app of a `useTestApp` called before it), and stopped
 * after them.
 */
export function useSandboxConnectors(testApp: TTestApp): TSandboxConnectors {
  let sandboxes: TSandboxConnectors | undefined;
  beforeAll(async () => {
    sandboxes = await startSandboxConnectors({ db: testApp.database.db, log: () => {} });
  });
  afterAll(async () => {
    await sandboxes?.stop();
  });
  return startedLater('sandbox connectors', () => sandboxes);
}

/**
 * A search index of the test database in a temporary folder (see `openTemporarySearchIndex`), opened before the
 * tests of the file or `describe` block it is called in (after the database of a `useTestDatabase` called before
 * it), and removed after them.
 */
export function useTemporarySearchIndex(database: TTestDatabase): TTemporarySearchIndex {
  let searchIndex: TTemporarySearchIndex | undefined;
  beforeAll(async () => {
    searchIndex = await openTemporarySearchIndex(database);
  });
  afterAll(async () => {
    await searchIndex?.remove();
  });
  return startedLater('search index', () => searchIndex);
}
