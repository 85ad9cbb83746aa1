import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findFreePort } from '../db/embedded-postgres';
import { insertOffer } from '../modules/catalogue/load-offers';
import { addSource } from '../modules/harvest/add-source';
import { configureHarvestLocations } from '../modules/harvest/harvest-location-policy';
import { runHarvest } from '../modules/harvest/run-harvest';
import { runLinkCheck } from '../modules/link-checker/run-link-check';
import { signIn } from '../test/auth';
import { makeCkanPackage, makeOffer } from '../test/factories';
import { useTestApp } from '../test/lifecycle';
import { request } from '../test/test-app';
import { createJobRunner, type TJobRunner } from './job-queues';
import { startMetricsServer, type TMetricsServer } from './metrics-server';

/**
 * The metrics an operator's Prometheus scrapes, from a real app on its own metrics listener: the routes by pattern,
 * the search's stages, the pools, the search outbox's lag and the job queues, and a real Prometheus (Debian's
 * package, installed by `npm test`) scraping them.
 */

const PROMETHEUS = '/usr/bin/prometheus';

const testApp = useTestApp();
let metricsServer: TMetricsServer;
let auth: { authorization: string };

type TSample = { labels: Record<string, string>; value: number };

/** The samples of one metric in a Prometheus text page. */
function samplesOf(text: string, name: string): TSample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) return [];
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]),
    );
    return [{ labels, value: Number(match[3]) }];
  });
}

/** The value of the sample of `name` whose labels include `labels`, or undefined when there is none. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samplesOf(text, name).find((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

async function scrape(): Promise<string> {
  const response = await fetch(metricsServer.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** Polls `read` until it returns something other than undefined, or fails at the deadline. */
async function eventually<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  auth = (await signIn(testApp)).headers;
  metricsServer = await startMetricsServer({ metrics: testApp.app.metrics, host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await metricsServer?.close();
});

describe('the metrics listener', () => {
  it('serves the metrics on its own port and not on the public one', async () => {
    expect((await request(testApp.baseUrl, 'GET', '/metrics')).status).toBe(404);
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sampleValue(text, 'nodejs_eventloop_lag_p99_seconds')).toEqual(expect.any(Number));
    expect(sampleValue(text, 'nodejs_eventloop_utilization')).toBeGreaterThanOrEqual(0);
    const elsewhere = await fetch(metricsServer.url.replace('/metrics', '/api/search'));
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('GET /metrics'),
    });
  });

  it('times requests by route pattern and status, never by the URL asked for', async () => {
    const offerId = randomUUID();
    const answer = await request(testApp.baseUrl, 'GET', `/api/offers/${offerId}`, undefined, auth);
    expect(answer.status).toBe(404);
    await request(testApp.baseUrl, 'GET', `/no-such-page-${offerId}`);
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/offers/:id', status_code: '404' };
    expect(sampleValue(text, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sampleValue(text, 'http_request_duration_seconds_count', { route: 'unmatched' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(offerId);
  });

  it("reports each pool's connections", async () => {
    await sql`select 1`.execute(testApp.database.db);
    const text = await scrape();
    expect(sampleValue(text, 'db_pool_connections', { pool: 'requests', state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'db_pool_connections', { pool: 'requests', state: 'waiting' })).toBe(0);
    expect(sampleValue(text, 'db_pool_connections', { pool: 'background', state: 'idle' })).toEqual(expect.any(Number));
    expect(sampleValue(text, 'db_pool_max_connections', { pool: 'requests' })).toBe(testApp.database.pool.options.max);
  });

  /**
   * Searches until the metrics show no change waiting for this process's index. A search applies the outbox, but
   * only the changes below the oldest transaction still running: while a background job is in one, the change
   * waits for a later search.
   */
  const searchUntilNothingWaits = () =>
    vi.waitFor(
      async () => {
        expect((await request(testApp.baseUrl, 'POST', '/api/search', { index: 0, pageSize: 10 }, auth)).status).toBe(
          200,
        );
        const text = await scrape();
        expect(sampleValue(text, 'search_outbox_waiting')).toBe(0);
        expect(sampleValue(text, 'search_outbox_oldest_age_seconds')).toBe(0);
      },
      { timeout: 15_000, interval: 200 },
    );

  it('reports the changes waiting for the search index and the age of the oldest', async () => {
    // A change queued a minute and a half ago that the index has not applied yet (the test app's index applies
    // the outbox only before a search).
    await sql`insert into search_outbox (offer_id, queued_at) values (${randomUUID()}, now() - interval '90 seconds')`.execute(
      testApp.database.db,
    );
    const text = await scrape();
    expect(sampleValue(text, 'metrics_source_up', { source: 'index_lag' })).toBe(1);
    expect(sampleValue(text, 'search_outbox_waiting')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'search_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(90);

    // A search applies it: nothing waits any more.
    await searchUntilNothingWaits();
  });

  it("counts only the changes beyond this process's index: rows another process's index still needs are not its lag", async () => {
    // Another process's index that has applied nothing yet: the rows stay in the table for it.
    await sql`insert into search_outbox_cursors (consumer, last_xid, last_id, seen_at)
      values ('metrics-test-other-process', '0'::xid8, 0, now())`.execute(testApp.database.db);
    try {
      await sql`insert into search_outbox (offer_id, queued_at) values (${randomUUID()}, now() - interval '90 seconds')`.execute(
        testApp.database.db,
      );
      // Applied by a search (the next one, if a transaction older than the change was still running).
      await searchUntilNothingWaits();
      // Still in the table for the other process's index.
      const left = await sql<{ n: string }>`select count(*) as n from search_outbox`.execute(testApp.database.db);
      expect(Number(left.rows[0]?.n)).toBeGreaterThanOrEqual(1);
    } finally {
      await sql`delete from search_outbox_cursors where consumer = 'metrics-test-other-process'`.execute(
        testApp.database.db,
      );
    }
  });

  it('times each stage of a search, as its Server-Timing header names them', async () => {
    const before = sampleValue(await scrape(), 'search_stage_duration_seconds_count', { stage: 'engine' }) ?? 0;
    const answer = await request(
      testApp.baseUrl,
      'POST',
      '/api/search',
      { index: 0, pageSize: 10, terms: ['water'] },
      auth,
    );
    expect(answer.status).toBe(200);
    const stages = (answer.headers.get('server-timing') ?? '').split(', ').map((entry) => entry.split(';')[0]!);
    expect(stages).toEqual(expect.arrayContaining(['parse', 'engine', 'hydrate', 'json']));
    const text = await scrape();
    for (const stage of stages) {
      expect(sampleValue(text, 'search_stage_duration_seconds_count', { stage }), stage).toBeGreaterThanOrEqual(1);
    }
    expect(sampleValue(text, 'search_stage_duration_seconds_count', { stage: 'engine' })).toBe(before + 1);
  });

  it("counts a search page's offers as read from PostgreSQL, then as kept when the page is asked again", async () => {
    const count = (text: string, result: string) => sampleValue(text, 'search_kept_offers_total', { result }) ?? 0;
    await insertOffer(testApp.database.db, makeOffer({ title: 'Kept probe readings' }));
    const search = () =>
      request(testApp.baseUrl, 'POST', '/api/search', { index: 0, pageSize: 10, terms: ['probe'] }, auth);
    const first = await search();
    expect(first.status).toBe(200);
    const shown = (first.body as { data: unknown[] }).data.length;
    expect(shown).toBeGreaterThan(0);
    const before = await scrape();
    expect((await search()).status).toBe(200);
    const after = await scrape();
    expect(count(after, 'kept') - count(before, 'kept')).toBe(shown);
    expect(count(after, 'read')).toBeGreaterThanOrEqual(shown);
  });

  it("reports each job queue's depth and counts the jobs that failed", async () => {
    const queue = 'metrics-probe';
    let runner: TJobRunner | null = null;
    try {
      runner = createJobRunner({
        databaseUrl: testApp.database.url,
        applicationName: 'dsm-metrics-test',
        label: 'metrics probe',
        queues: [
          {
            name: queue,
            options: { retryLimit: 0 },
            pollingIntervalSeconds: 0.5,
            handle: async () => {
              throw new Error('the probe job fails');
            },
          },
        ],
        isScheduling: false,
        stopTimeoutMs: 1_000,
        log: () => {},
      });
      await runner.start();
      await runner.boss!.send(queue, {});
      const failed = await eventually('the failed job to be counted', async () =>
        sampleValue(await scrape(), 'job_runs_total', { queue, outcome: 'failed' }),
      );
      expect(failed).toBe(1);
      const text = await scrape();
      expect(sampleValue(text, 'metrics_source_up', { source: 'job_queues' })).toBe(1);
      for (const state of ['queued', 'active', 'deferred', 'failed']) {
        expect(sampleValue(text, 'job_queue_jobs', { queue, state }), state).toEqual(expect.any(Number));
      }
    } finally {
      await runner?.stop();
    }
  });
});

describe('the counters of the background work', () => {
  it('counts the endpoint checks by the status they found', async () => {
    const site = http.createServer((request, response) => {
      response.writeHead(request.url === '/data.csv' ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const offer = makeOffer({ id: randomUUID(), title: 'Checked endpoints', byteSizes: [null, null] });
      const urls = [`${siteUrl}/data.csv`, `${siteUrl}/gone.csv`];
      offer.datasets[0]!.distributions = offer.datasets[0]!.distributions.slice(0, 2).map((distribution, position) => ({
        ...distribution,
        accessUrl: urls[position]!,
      }));
      await insertOffer(testApp.database.db, offer);
      const { rows } = await sql<{ id: string }>`
        select d.id from distributions d join datasets ds on ds.id = d.dataset_id
        where ds.offer_id = ${offer.id} order by d.position`.execute(testApp.database.db);
      expect(rows).toHaveLength(2);

      const before = await scrape();
      const check = { allowedHosts: ['127.0.0.1'], timeoutMs: 2_000, maxRedirects: 2 };
      for (const row of rows) await runLinkCheck({ db: testApp.database.db, distributionId: row.id, check });
      const after = await scrape();
      for (const status of ['online', 'offline']) {
        const counted = (text: string) => sampleValue(text, 'link_checks_total', { status }) ?? 0;
        expect(counted(after) - counted(before), status).toBe(1);
      }
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('counts the harvest runs and the records they wrote and could not take, as the run reports them', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'dsm-metrics-harvest-'));
    try {
      const file = path.join(folder, 'catalogue.jsonl');
      const record = (id: string) => JSON.stringify(makeCkanPackage(id));
      writeFileSync(
        file,
        [record('metrics-a'), record('metrics-b'), '{"id": "broken", ', record('metrics-c')].join('\n'),
      );
      // The app allows no harvest file; this test reads its own.
      configureHarvestLocations({ allowedHosts: [], files: 'anywhere' });
      await addSource(testApp.database.db, { name: 'metrics-source', location: file, format: 'ckan-jsonl' });

      const before = await scrape();
      const run = await runHarvest({ db: testApp.database.db, source: 'metrics-source' });
      const after = await scrape();
      expect(run.status).toBe('succeeded');
      expect(run.counts).toMatchObject({ created: 3 });
      expect(run.counts.failed).toBeGreaterThanOrEqual(1);
      const delta = (name: string, labels: Record<string, string>) =>
        (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
      expect(delta('harvest_runs_total', { status: 'succeeded' })).toBe(1);
      expect(delta('harvest_records_total', { result: 'written' })).toBe(3);
      expect(delta('harvest_records_total', { result: 'failed' })).toBe(run.counts.failed);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a real Prometheus', () => {
  let prometheus: ChildProcess | null = null;
  let dir = '';
  let output = '';

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes the metrics listener and answers a query for a request just made', async () => {
    if (!existsSync(PROMETHEUS)) {
      throw new Error(
        `This test needs Debian's prometheus at ${PROMETHEUS}: npm test installs it, or apt-get install -y --no-install-recommends prometheus`,
      );
    }
    const offerId = randomUUID();
    expect((await request(testApp.baseUrl, 'GET', `/api/offers/${offerId}`, undefined, auth)).status).toBe(404);

    dir = mkdtempSync(path.join(os.tmpdir(), 'dsm-prometheus-'));
    const configFile = path.join(dir, 'prometheus.yml');
    writeFileSync(
      configFile,
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        'scrape_configs:',
        '  - job_name: dsm',
        '    scrape_timeout: 1s',
        '    static_configs:',
        `      - targets: ['127.0.0.1:${metricsServer.port}']`,
        '',
      ].join('\n'),
    );
    const port = await findFreePort();
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${configFile}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (chunk) => (output += String(chunk)));
    prometheus.stderr?.on('data', (chunk) => (output += String(chunk)));

    const query = 'http_request_duration_seconds_count{route="/api/offers/:id",status_code="404",method="GET"}';
    type TQueryAnswer = {
      status: string;
      data: { result: { metric: Record<string, string>; value: [number, string] }[] };
    };
    const result = await eventually(
      'Prometheus to answer with a sample',
      async () => {
        if (prometheus?.exitCode !== null) throw new Error(`prometheus exited: ${output}`);
        const answer = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(query)}`).catch(
          () => null,
        );
        if (!answer?.ok) return undefined;
        const body = (await answer.json()) as TQueryAnswer;
        return body.data.result.length > 0 ? body.data.result : undefined;
      },
      30_000,
    );
    expect(result).toHaveLength(1);
    expect(result[0]!.metric).toMatchObject({ job: 'dsm', route: '/api/offers/:id', status_code: '404' });
    expect(Number(result[0]!.value[1])).toBeGreaterThanOrEqual(1);
  }, 40_000);
});
