import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { THarvestRunResponse, THarvestSource } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { startServer, type TRunningServer } from '../../server';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTemporaryFolder, useTestDatabase } from '../../test/lifecycle';
import type { TTestApp } from '../../test/test-app';
import { countRowsWhere } from '../../test/test-database';
import { seedLicences } from '../catalogue/licence-catalogue';

// 'Harvest now' asked of a ROLE=web process: the run is a job a worker (ROLE=worker or all) takes, so a web process
// never harvests, and the request still answers the finished run. Two processes on one database, as an operator
// runs them apart.

/** Ports of this file (20240-20249). */
const PORTS = { web: 20_240, worker: 20_241 } as const;

type TProcess = { server: TRunningServer; lines: string[] };

const database = useTestDatabase();
const folder = useTemporaryFolder('dsm-harvest-worker-');
let web: TProcess;
let operator: TSignedIn;
const running: TProcess[] = [];

async function startProcess(role: keyof typeof PORTS): Promise<TProcess> {
  const lines: string[] = [];
  const config = loadConfig({
    ROLE: role,
    DATABASE_URL: database.url,
    PORT: String(PORTS[role]),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${PORTS.web}`,
    DATA_DIR: path.join(folder.path, role),
    SEARCH_INDEX_DIR: path.join(folder.path, `index-${role}`),
    SEARCH_WORKERS: '1',
    SEED_DATASETS: '0',
    DEMO_DATA: 'false',
    SANDBOX_CONNECTORS: 'false',
    HARVEST_FILE_DIR: folder.path,
    LOG_LEVEL: 'silent',
  });
  const server = await startServer({ config, log: (line) => lines.push(line) });
  const started = { server, lines };
  running.push(started);
  return started;
}

const webApp = () => ({ baseUrl: `http://127.0.0.1:${PORTS.web}` });

const runsOf = (sourceId: string) => countRowsWhere(database.db, 'harvest_runs', 'source_id', sourceId);

beforeAll(async () => {
  await seedLicences(database.db);
  web = await startProcess('web');
  const handle = { app: web.server.app, ...webApp(), database, config: web.server.app.config } as TTestApp;
  operator = await signIn(handle, { roles: [handle.config.userRole, 'DSM_OPERATOR'] });
}, 120_000);

afterAll(async () => {
  for (const process of running.splice(0)) await process.server.stop().catch(() => {});
});

describe("'Harvest now' through a ROLE=web process", () => {
  it('is run by a worker process, never by the web one, and the request answers the finished run', async () => {
    const file = path.join(folder.path, 'catalogue.json');
    await writeFile(
      file,
      JSON.stringify({
        dataset: [
          { identifier: 'w-1', title: 'Lighthouse beam hours', keyword: 'lighthouse', modified: '2024-03' },
          { identifier: 'w-2', title: 'Lighthouse keepers', keyword: 'lighthouse', modified: '2024-04' },
        ],
      }),
    );
    const added = await requestAs<THarvestSource>(webApp(), operator, 'POST', '/api/harvest/sources', {
      name: 'on a worker',
      location: file,
      format: 'dcat-us',
    });
    expect(added.status).toBe(201);
    const sourceId = added.body.id;

    const unknown = await requestAs(
      webApp(),
      operator,
      'POST',
      '/api/harvest/sources/00000000-0000-4000-8000-000000000000/run',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND' });

    // No worker runs yet: the web process queues the run and waits, and harvests nothing itself.
    const answer = requestAs<THarvestRunResponse>(webApp(), operator, 'POST', `/api/harvest/sources/${sourceId}/run`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await runsOf(sourceId)).toBe(0);

    const worker = await startProcess('worker');
    const run = await answer;
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      runId: expect.any(String),
      status: 'succeeded',
      counts: { created: 2, failed: 0 },
      error: null,
    });
    expect(await runsOf(sourceId)).toBe(1);
    expect(worker.lines.some((line) => line.startsWith(`harvest ${sourceId} (asked for) succeeded`))).toBe(true);
    expect(web.lines.some((line) => line.includes(`harvest ${sourceId}`))).toBe(false);

    // What the Harvest page reads after the run, through the web process.
    const list = await requestAs<THarvestSource[]>(webApp(), operator, 'GET', '/api/harvest/sources');
    expect(list.body).toEqual([
      expect.objectContaining({ id: sourceId, lastStatus: 'succeeded', lastCounts: run.body.counts }),
    ]);
  }, 120_000);
});
