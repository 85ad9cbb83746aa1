import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { THarvestRunResponse, THarvestSource } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn } from '../../test/auth';
import { startTestApp, type TTestApp } from '../../test/test-app';
import { DEMO_HARVEST_SOURCE, prepareDemoHarvestSource } from './prepare-demo-harvest-source';

let dataDir: string;
let testApp: TTestApp;

describe('the demo’s ready harvest source', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dsm-demo-harvest-'));
    // A fresh demo: DEMO_DATA on, no HARVEST_FILE_DIR of its own.
    testApp = await startTestApp({ DEMO_DATA: 'true', DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs from the Harvest page of a fresh demo: its own catalogue answers a harvester 401 and files were refused', async () => {
    const fileDir = testApp.config.harvest.fileDir;
    expect(fileDir).toBe(path.join(dataDir, 'harvest-sources'));
    // As the server prepares it at start.
    expect(await prepareDemoHarvestSource({ db: testApp.database.db, fileDir: fileDir! })).toBe(true);

    const operator = await signIn(testApp, { roles: [testApp.config.userRole, 'DSM_OPERATOR'] });
    const listed = await requestAs<THarvestSource[]>(testApp, operator, 'GET', '/api/harvest/sources');
    expect(listed.body.map((source) => [source.name, source.format])).toEqual([[DEMO_HARVEST_SOURCE.name, 'dcat-us']]);

    const run = await requestAs<THarvestRunResponse>(
      testApp,
      operator,
      'POST',
      `/api/harvest/sources/${listed.body[0]!.id}/run`,
    );
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ status: 'succeeded', error: null });
    expect(run.body.counts).toMatchObject({ created: 30, failed: 0 });
  });

  it('is registered once: a restart leaves the sources as they are', async () => {
    expect(await prepareDemoHarvestSource({ db: testApp.database.db, fileDir: testApp.config.harvest.fileDir! })).toBe(
      false,
    );
  });
});
