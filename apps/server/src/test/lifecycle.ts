import { afterAll, beforeAll } from 'vitest';
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
