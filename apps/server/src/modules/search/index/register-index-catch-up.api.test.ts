import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TSearchResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { makeOffer } from '../../../test/factories';
import { request, startTestApp, type TTestApp } from '../../../test/test-app';
import { createTestDatabase, type TTestDatabase } from '../../../test/test-database';
import { insertOffers } from '../../catalogue/load-offers';
import { SqliteSearchIndex } from './sqlite-search-index';

let database: TTestDatabase;
let index: SqliteSearchIndex;
let testApp: TTestApp;
let auth: Record<string, string>;
let dir: string;

const found = async (word: string) =>
  (
    await request<TSearchResponse>(
      testApp.baseUrl,
      'POST',
      `/api/search?query=${word}`,
      { index: 0, pageSize: 10 },
      auth,
    )
  ).body.total;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'dsm-catch-up-'));
  // As the server runs it: searches never wait, and the poll is far away.
  index = await SqliteSearchIndex.open({ dir, database, workers: 0, pollMs: 3_600_000 });
  testApp = await startTestApp({}, { database, searchIndex: index });
  auth = (await signIn(testApp)).headers;
});

afterAll(async () => {
  await testApp?.close();
  await index?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the search index after a request that changed data', () => {
  it('holds the changes made before the answer to a changing request, while a search alone waits for nothing', async () => {
    const offer = makeOffer({ title: 'Wombat burrows' });
    await insertOffers(database.db, [offer]);
    // Searching is a POST that changes nothing: it answers from the index as it is.
    expect(await found('wombat')).toBe(0);
    const liked = await request(testApp.baseUrl, 'POST', `/api/metadata/like?uuid=${offer.id}`, undefined, auth);
    expect(liked.status).toBe(200);
    expect(await found('wombat')).toBe(1);
  });
});
