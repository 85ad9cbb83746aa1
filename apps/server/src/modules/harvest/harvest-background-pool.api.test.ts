import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { THarvestRunResponse, THarvestSource, TSearchResponse } from '@dsm/contracts';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { requestAs, signIn } from '../../test/auth';
import { useTemporaryFolder, useTestApp } from '../../test/lifecycle';

const testApp = useTestApp({ HARVEST_FILE_DIR: os.tmpdir() });
const folder = useTemporaryFolder('dsm-harvest-pool-');

describe('a harvest beside the users (background pool)', () => {
  it('answers searches while a harvest run waits for the background connections, which it never takes from requests', async () => {
    const { backgroundPool, pool } = testApp.database;
    const operator = await signIn(testApp, { roles: [testApp.config.userRole, 'DSM_OPERATOR'] });
    const user = await signIn(testApp);
    const file = path.join(folder.path, 'data.json');
    await writeFile(file, JSON.stringify({ dataset: [{ identifier: 'p-1', title: 'Lighthouse beam hours' }] }));
    const added = await requestAs<THarvestSource>(testApp, operator, 'POST', '/api/harvest/sources', {
      name: 'beside-users',
      location: file,
      format: 'dcat-us',
    });
    expect(added.status).toBe(201);

    // Every background connection busy, as under a harvest writing its batches (or a link check sweep).
    const held: pg.PoolClient[] = [];
    for (let i = 0; i < backgroundPool.options.max; i++) held.push(await backgroundPool.connect());
    let isRunAnswered = false;
    const run = requestAs<THarvestRunResponse>(
      testApp,
      operator,
      'POST',
      `/api/harvest/sources/${added.body.id}/run`,
    ).finally(() => {
      isRunAnswered = true;
    });
    try {
      await vi.waitFor(() => expect(backgroundPool.waitingCount).toBeGreaterThan(0), { timeout: 10_000 });

      const search = await requestAs<TSearchResponse>(testApp, user, 'POST', '/api/search', { index: 0, pageSize: 10 });
      expect(search.status).toBe(200);
      expect(pool.waitingCount).toBe(0);
      // The run is still waiting for its own pool: it did not borrow a connection of the requests'.
      expect(isRunAnswered).toBe(false);
      expect(backgroundPool.waitingCount).toBeGreaterThan(0);
    } finally {
      for (const client of held) client.release();
    }

    const answered = await run;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'succeeded', counts: { created: 1, failed: 0 } });
  });
});
