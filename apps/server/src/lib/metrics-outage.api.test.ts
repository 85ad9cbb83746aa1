import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database';
import { startTcpProxy, type TTcpProxy } from '../test/tcp-proxy';
import { request, startTestApp, type TTestApp } from '../test/test-app';
import { createTestDatabase, type TTestDatabase } from '../test/test-database';
import { startMetricsServer, type TMetricsServer } from './metrics-server';

/**
 * A scrape while PostgreSQL is away: the gauges read from the database are left out and `metrics_source_up` says
 * so, while the scrape still answers with everything the process knows by itself. An operator's alert on the
 * index lag must not go quiet because the scrape failed as a whole.
 */

let direct: TTestDatabase;
let proxy: TTcpProxy;
let testApp: TTestApp;
let metricsServer: TMetricsServer;

/** Quick enough for Prometheus's default scrape timeout (10 s): the pools give up connecting after 3 s. */
const SCRAPE_LIMIT_MS = 6_000;

function sample(text: string, line: RegExp): number | undefined {
  const match = text.split('\n').find((candidate) => line.test(candidate));
  return match === undefined ? undefined : Number(match.split(' ').at(-1));
}

const sourceUp = (text: string, source: string) =>
  sample(text, new RegExp(`^metrics_source_up\\{source="${source}"\\} `));

async function timedScrape(): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(metricsServer.url);
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

beforeAll(async () => {
  direct = await createTestDatabase();
  const target = new URL(direct.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxiedUrl = proxy.urlThrough(direct.url);
  const handle = createDatabase({ url: proxiedUrl, maxConnections: 4, applicationName: 'dsm-metrics-outage-test' });
  testApp = await startTestApp({}, { database: { ...handle, url: proxiedUrl, drop: () => handle.close() } });
  metricsServer = await startMetricsServer({ metrics: testApp.app.metrics, host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await metricsServer?.close();
  await testApp?.close();
  await proxy?.close();
  await direct?.drop();
});

describe('a scrape while the database is unreachable', () => {
  it('answers 200 with the other metrics and metrics_source_up 0 for the sources it could not read, and 1 again once it is back', async () => {
    expect((await request(testApp.baseUrl, 'GET', '/healthz')).status).toBe(200);
    const before = await timedScrape();
    expect(before.status).toBe(200);
    expect(sourceUp(before.text, 'index_lag')).toBe(1);
    expect(sourceUp(before.text, 'job_queues')).toBe(1);
    expect(sample(before.text, /^search_outbox_waiting /)).toEqual(expect.any(Number));

    await proxy.cut();
    try {
      const during = await timedScrape();
      expect(during.status).toBe(200);
      expect(during.ms).toBeLessThan(SCRAPE_LIMIT_MS);
      expect(sourceUp(during.text, 'index_lag')).toBe(0);
      expect(sourceUp(during.text, 'job_queues')).toBe(0);
      // What could not be read is left out, never shown stale or as 0.
      expect(sample(during.text, /^search_outbox_waiting /)).toBeUndefined();
      expect(sample(during.text, /^search_outbox_oldest_age_seconds /)).toBeUndefined();
      // What the process knows by itself is still there: its requests, its event loop, its pools.
      expect(during.text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(sample(during.text, /^http_request_duration_seconds_count\{.*route="\/healthz".*\} /)).toBeGreaterThan(0);
      expect(sample(during.text, /^nodejs_eventloop_lag_p99_seconds /)).toEqual(expect.any(Number));
      expect(sample(during.text, /^db_pool_max_connections\{pool="requests"\} /)).toBe(4);
    } finally {
      await proxy.restore();
    }

    const deadline = Date.now() + 15_000;
    let after = await timedScrape();
    while (sourceUp(after.text, 'index_lag') !== 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await timedScrape();
    }
    expect(after.status).toBe(200);
    expect(sourceUp(after.text, 'index_lag')).toBe(1);
    expect(sourceUp(after.text, 'job_queues')).toBe(1);
    expect(sample(after.text, /^search_outbox_waiting /)).toEqual(expect.any(Number));
  });
});
