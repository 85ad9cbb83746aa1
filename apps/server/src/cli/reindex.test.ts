import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOffers } from '../modules/catalogue/load-offers';
import { openReader } from '../modules/search/index/index-schema';
import { makeOffer } from '../test/factories';
import { runCli } from '../test/run-cli';
import { createTestDatabase, type TTestDatabase } from '../test/test-database';

let database: TTestDatabase;
let dir: string;

const reindex = (args: string[]) => runCli('reindex', args, { SEARCH_INDEX_DIR: dir });

const indexedTitles = () => {
  const db = openReader(path.join(dir, readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim()));
  try {
    return (db.prepare('select title from docs order by title').pluck().all() as string[]).join(', ');
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'dsm-reindex-'));
  await insertOffers(database.db, [makeOffer({ title: 'Bridge inspections' }), makeOffer({ title: 'Canal locks' })]);
});

afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run reindex', () => {
  it('builds the search index of the catalogue, and builds it again on a second run', async () => {
    const first = await reindex(['--database-url', database.url]);
    expect(first.output).toMatch(/Search index of .* built in .* in \d+\.\d s/);
    expect(first.code).toBe(0);
    expect(indexedTitles()).toBe('Bridge inspections, Canal locks');
    const built = readFileSync(path.join(dir, 'CURRENT'), 'utf8');
    await insertOffers(database.db, [makeOffer({ title: 'Aqueducts' })]);
    const second = await reindex(['--database-url', database.url]);
    expect(second.code).toBe(0);
    expect(readFileSync(path.join(dir, 'CURRENT'), 'utf8')).not.toBe(built);
    expect(indexedTitles()).toBe('Aqueducts, Bridge inspections, Canal locks');
  }, 60_000);

  it('refuses a database address that is not a PostgreSQL URL', async () => {
    const run = await reindex(['--database-url', 'mysql://nope']);
    expect(run.code).toBe(2);
    expect(run.output).toContain('--database-url must be a postgres:// or postgresql:// URL');
  });
});
