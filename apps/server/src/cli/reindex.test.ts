import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertOffers } from '../modules/catalogue/load-offers';
import { openReader } from '../modules/search/index/index-schema';
import { makeOffer } from '../test/factories';
import { useTemporaryFolder, useTestDatabase } from '../test/lifecycle';
import { runCli } from '../test/run-cli';

const database = useTestDatabase();
const folder = useTemporaryFolder('dsm-reindex-');

const reindex = (args: string[]) => runCli('reindex', args, { SEARCH_INDEX_DIR: folder.path });

const indexedTitles = () => {
  const db = openReader(path.join(folder.path, readFileSync(path.join(folder.path, 'CURRENT'), 'utf8').trim()));
  try {
    return (db.prepare('select title from docs order by title').pluck().all() as string[]).join(', ');
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  await insertOffers(database.db, [makeOffer({ title: 'Bridge inspections' }), makeOffer({ title: 'Canal locks' })]);
});

describe('npm run reindex', () => {
  it('builds the search index of the catalogue, and builds it again on a second run', async () => {
    const first = await reindex(['--database-url', database.url]);
    expect(first.output).toMatch(/Search index of .* built in .* in \d+\.\d s/);
    expect(first.code).toBe(0);
    expect(indexedTitles()).toBe('Bridge inspections, Canal locks');
    const built = readFileSync(path.join(folder.path, 'CURRENT'), 'utf8');
    await insertOffers(database.db, [makeOffer({ title: 'Aqueducts' })]);
    const second = await reindex(['--database-url', database.url]);
    expect(second.code).toBe(0);
    expect(readFileSync(path.join(folder.path, 'CURRENT'), 'utf8')).not.toBe(built);
    expect(indexedTitles()).toBe('Aqueducts, Bridge inspections, Canal locks');
  }, 60_000);

  it('refuses a database address that is not a PostgreSQL URL', async () => {
    const run = await reindex(['--database-url', 'mysql://nope']);
    expect(run.code).toBe(2);
    expect(run.output).toContain('--database-url must be a postgres:// or postgresql:// URL');
  });
});
