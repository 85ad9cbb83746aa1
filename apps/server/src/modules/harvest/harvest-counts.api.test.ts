import type { THarvestSource } from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn } from '../../test/auth';
import { startTestApp, type TTestApp } from '../../test/test-app';
import { addSource } from './add-source';

let testApp: TTestApp;

describe('harvest run counts in the API', () => {
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers a source whose last run was stored before identifier collisions were counted, with none', async () => {
    const operator = await signIn(testApp, { roles: [testApp.config.userRole, 'DSM_OPERATOR'] });
    const source = await addSource(testApp.database.db, {
      name: 'counted-before',
      location: 'https://portal.example.org/data.json',
      format: 'dcat-us',
    });
    const before = { created: 3, updated: 0, unchanged: 0, removed: 0, failed: 1, duplicates: 2 };
    await sql`update harvest_sources set last_status = 'succeeded', last_run_at = now(),
      last_counts = ${JSON.stringify(before)}::jsonb where id = ${source.id}`.execute(testApp.database.db);

    const listed = await requestAs<THarvestSource[]>(testApp, operator, 'GET', '/api/harvest/sources');
    expect(listed.status).toBe(200);
    expect(listed.body.find((entry) => entry.id === source.id)?.lastCounts).toEqual({
      ...before,
      identifierCollisions: 0,
    });
  });
});
