import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, type TErrorResponse, type TOrder } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOffer } from '../modules/catalogue/load-offers';
import { createHarvestScheduler } from '../modules/harvest/harvest-scheduler';
import { superviseJobQueues, type TJobQueueSupervision } from '../modules/health/supervise-job-queues';
import { createLinkChecker } from '../modules/link-checker/link-checker';
import { requestOfferChecks } from '../modules/link-checker/request-link-checks';
import { insertOfferOf, itemOf, SUPPLIER_A, sellFor } from '../modules/orders/orders-test-data';
import { placeOrder } from '../modules/orders/place-order';
import { startOrderJobs } from '../modules/orders/start-order-jobs';
import { requestAs, signIn, type TSignedIn } from '../test/auth';
import { makeOffer } from '../test/factories';
import { useTestDatabase } from '../test/lifecycle';
import { startTcpProxy, type TTcpProxy } from '../test/tcp-proxy';
import { request, startTestApp, type TTestApp } from '../test/test-app';
import { createDatabase, migrateToLatest } from './database';
import { findFreePort, startEmbeddedPostgres } from './embedded-postgres';

/** How long an answer may take while the database is away: quick, never a hang. */
const QUICK_MS = 2_000;

const DAY_MS = 24 * 60 * 60 * 1000;

let proxiedUrl: string;
let proxy: TTcpProxy;
let testApp: TTestApp;
let buyer: TSignedIn;
let offerItem: { productId: string; providerId: string };
/** One offer per order in flight: a buyer holds an offer once, so each order buys another. */
let flightItems: { productId: string; providerId: string }[];

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await condition()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ready = () => request<{ status: string }>(testApp.baseUrl, 'GET', '/readyz');
const listOrders = () => requestAs<TErrorResponse>(testApp, buyer, 'GET', '/api/orders');
const pay = (key: string, item = offerItem) =>
  request<TOrder & TErrorResponse>(
    testApp.baseUrl,
    'POST',
    '/idp-service/payment',
    { consumerId: buyer.user.id, purchasedItems: [item] },
    { ...buyer.headers, 'idempotency-key': key },
  );

async function ordersByKey(): Promise<Map<string, number>> {
  const rows = await direct.db
    .selectFrom('orders')
    .select(['idempotency_key'])
    .where('consumer_id', '=', buyer.user.id)
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(String(row.idempotency_key), (counts.get(String(row.idempotency_key)) ?? 0) + 1);
  return counts;
}

const direct = useTestDatabase();

beforeAll(async () => {
  const target = new URL(direct.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  proxiedUrl = proxy.urlThrough(direct.url);
  const handle = createDatabase({ url: proxiedUrl, maxConnections: 10, applicationName: 'dsm-outage-test' });
  testApp = await startTestApp(
    { ORDER_RATE_LIMIT: '0' },
    { database: { ...handle, url: proxiedUrl, drop: () => handle.close() } },
  );
  buyer = await signIn(testApp);
  const offer = await insertOfferOf(direct.db, SUPPLIER_A, { title: 'Outage offer', price: 20 });
  await sellFor(direct.db, SUPPLIER_A);
  offerItem = itemOf(offer);
  flightItems = [];
  for (let index = 0; index < 24; index++) {
    flightItems.push(itemOf(await insertOfferOf(direct.db, SUPPLIER_A, { title: `In flight ${index}`, price: 20 })));
  }
});

afterAll(async () => {
  await testApp?.close();
  await testApp?.database.close();
  await proxy?.close();
});

describe('PostgreSQL stops while the server runs', () => {
  it('answers not ready and 503 with Retry-After at once, and recovers by itself when it returns', async () => {
    expect((await ready()).status).toBe(200);
    expect((await listOrders()).status).toBe(200);

    await proxy.cut();

    const readiness = await timed(ready);
    expect(readiness.result.status).toBe(503);
    expect(readiness.result.body.status).toBe('unavailable');
    expect(readiness.result.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(readiness.ms).toBeLessThan(QUICK_MS);

    const api = await timed(listOrders);
    expect(api.result.status).toBe(503);
    expect(api.result.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    expect(api.result.body.requestId).toBeTruthy();
    expect(api.result.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(api.ms).toBeLessThan(QUICK_MS);
    // The process keeps answering what needs no database.
    expect((await request(testApp.baseUrl, 'GET', '/healthz')).status).toBe(200);
    expect((await request(testApp.baseUrl, 'GET', '/api/docs/json')).status).toBe(200);
    const gated = await timed(listOrders);
    expect(gated.result.status).toBe(503);
    expect(gated.ms).toBeLessThan(200);
    // A browser on the sign-in reads a page in its language that tries again; a client reads JSON.
    const signInPath = '/idp/realms/dsRealm/protocol/openid-connect/auth?client_id=dataspace&lang=fr';
    const page = await fetch(`${testApp.baseUrl}${signInPath}`, {
      headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
      redirect: 'manual',
    });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('retry-after')).toBe('5');
    const html = await page.text();
    expect(html).toContain('<h1>La connexion revient dans un instant</h1>');
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(html).toContain(`href="${signInPath.replaceAll('&', '&amp;')}"`);
    const discovery = await fetch(`${testApp.baseUrl}/idp/realms/dsRealm/.well-known/openid-configuration`);
    expect(discovery.status).toBe(503);
    expect(((await discovery.json()) as TErrorResponse).code).toBe(ErrorCode.SERVICE_UNAVAILABLE);

    await proxy.restore();
    await waitUntil(async () => (await ready()).status === 200, 10_000);
    expect((await listOrders()).status).toBe(200);
  });

  it('answers 503 quickly also when the network swallows packets, and recovers', async () => {
    proxy.blackhole();

    const readiness = await timed(ready);
    expect(readiness.result.status).toBe(503);
    expect(readiness.ms).toBeLessThan(QUICK_MS + 500);

    // Silence is confirmed by a second, longer probe (a busy machine is silent for a moment too);
    // meanwhile a request is answered when its own wait for a connection ends (3 s).
    const api = await timed(listOrders);
    expect(api.result.status).toBe(503);
    expect(api.result.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    expect(api.ms).toBeLessThan(QUICK_MS + 1_500);

    await proxy.restore();
    await waitUntil(async () => (await ready()).status === 200, 10_000);
    expect((await listOrders()).status).toBe(200);
  });

  it('keeps exactly one order per Idempotency-Key when orders in flight meet the outage and are retried', async () => {
    const keys = Array.from({ length: 24 }, (_, index) => `outage-${index}`);
    const inFlight = keys.map((key, index) => pay(key, flightItems[index]));
    // Cut while the first orders commit and the later ones still wait for a connection.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await proxy.cut();
    const first = await Promise.all(inFlight);
    for (const response of first) {
      expect([201, 503], JSON.stringify(response.body)).toContain(response.status);
      if (response.status === 503) expect(response.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    }
    expect(first.some((response) => response.status === 503)).toBe(true);

    await proxy.restore();
    await waitUntil(async () => (await ready()).status === 200, 10_000);

    const retried = await Promise.all(keys.map((key, index) => pay(key, flightItems[index])));
    for (const [index, response] of retried.entries()) {
      // A committed order is answered again (200); one that never committed is placed now (201).
      expect([200, 201], JSON.stringify(response.body)).toContain(response.status);
      if (first[index]!.status === 201) {
        expect(response.status).toBe(200);
        expect(response.body.id).toBe(first[index]!.body.id);
      }
    }
    const counts = await ordersByKey();
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(keys.map((key) => [key, 1])));
  });
});

describe('jobs through an outage', () => {
  it('keep running without crashing the process, and work again once PostgreSQL is back', async () => {
    const lines: string[] = [];
    const log = (message: string) => lines.push(message);
    const linkChecker = createLinkChecker({
      databaseUrl: proxiedUrl,
      db: testApp.database.db,
      settings: { allowedHosts: [], timeoutMs: 1_000, hostIntervalMs: 0, recheckHours: 24 },
      sweepCron: null,
      pollingIntervalSeconds: 0.5,
      log,
    });
    const harvests = createHarvestScheduler({ databaseUrl: proxiedUrl, db: testApp.database.db, log });
    await linkChecker.start();
    await harvests.start();
    const orderJobs = startOrderJobs({
      db: testApp.database.db,
      log,
      intervalMs: 100,
      now: () => new Date(Date.now() + 31 * DAY_MS),
    });
    try {
      await proxy.cut();
      // Long enough for the pg-boss workers to poll and fail several times.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(lines.some((line) => line.startsWith('Cancelling unpaid orders failed'))).toBe(true);
      await proxy.restore();
      await waitUntil(async () => (await ready()).status === 200, 10_000);

      const offer = await insertOfferOf(direct.db, SUPPLIER_A, { title: 'Left unpaid', price: 5 });
      await sellFor(direct.db, SUPPLIER_A);
      const { order } = await placeOrder({
        db: direct.db,
        user: buyer.user,
        request: { consumerId: buyer.user.id, purchasedItems: [itemOf(offer)] },
        commissionRate: 0.1,
      });
      await expect
        .poll(
          async () =>
            (await direct.db.selectFrom('orders').select('state').where('id', '=', order.id).executeTakeFirst())?.state,
          { timeout: 10_000 },
        )
        .toBe('cancelled');
      expect(await linkChecker.sweep()).toBeGreaterThanOrEqual(0);
      await harvests.sync();
    } finally {
      const stopped = timed(async () => {
        await orderJobs.stop();
        await harvests.stop();
        await linkChecker.stop();
      });
      expect((await stopped).ms).toBeLessThan(10_000);
    }
  }, 60_000);
});

describe('a real PostgreSQL stopped and started again', () => {
  it('answers 503 while it is down and serves again once it is back, without a restart', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-outage-pg-'));
    await chmod(folder, 0o755);
    const dataDir = path.join(folder, 'data');
    const port = await findFreePort();
    let embedded = await startEmbeddedPostgres({ dataDir, port, isEphemeral: true });
    const url = embedded.urlFor('dsm');
    const database = createDatabase({ url, maxConnections: 4, applicationName: 'dsm-outage-test' });
    let app: TTestApp | null = null;
    try {
      await embedded.createDatabase('dsm');
      await migrateToLatest(database.db);
      app = await startTestApp({}, { database: { ...database, url, drop: async () => {} } });
      const baseUrl = app.baseUrl;
      const who = await signIn(app);
      const orders = () => request<TErrorResponse>(baseUrl, 'GET', '/api/orders', undefined, who.headers);
      expect((await orders()).status).toBe(200);

      await embedded.stop();
      const down = await timed(orders);
      expect(down.result.status).toBe(503);
      expect(down.result.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
      expect(down.ms).toBeLessThan(QUICK_MS);
      expect((await request(baseUrl, 'GET', '/readyz')).status).toBe(503);

      embedded = await startEmbeddedPostgres({ dataDir, port, isEphemeral: true });
      await waitUntil(async () => (await request(baseUrl, 'GET', '/readyz')).status === 200, 10_000);
      expect((await orders()).status).toBe(200);
    } finally {
      await app?.close();
      await database.close();
      await embedded.stop();
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a real PostgreSQL shut down fast or smart, and started again on its port', () => {
  /** Within this after PostgreSQL accepts connections again, the app serves again. */
  const BACK_WITHIN_MS = 5_000;

  it('answers 503 with Retry-After while it is down, lets a smart shutdown finish, and serves again within 5 s', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-outage-pg-'));
    await chmod(folder, 0o755);
    const dataDir = path.join(folder, 'data');
    const port = await findFreePort();
    const startPostgres = () => startEmbeddedPostgres({ dataDir, port, isEphemeral: true });
    let embedded = await startPostgres();
    await embedded.createDatabase('dsm');
    const url = embedded.urlFor('dsm');
    const hits: string[] = [];
    const site = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-length': 4 }).end(req.method === 'HEAD' ? undefined : 'data');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    // As the server wires them: the pg-boss queues go down with PostgreSQL and come back with it.
    let jobQueues: TJobQueueSupervision | null = null;
    const database = createDatabase({
      url,
      maxConnections: 4,
      applicationName: 'dsm-outage-test',
      heartbeatMs: 500,
      onAvailabilityChange: (isAvailable) => jobQueues?.onAvailabilityChange(isAvailable),
    });
    await migrateToLatest(database.db);
    const linkChecker = createLinkChecker({
      databaseUrl: url,
      db: database.db,
      settings: { allowedHosts: ['127.0.0.1'], timeoutMs: 1_000, hostIntervalMs: 0, recheckHours: 24 },
      sweepCron: null,
      pollingIntervalSeconds: 0.5,
    });
    const harvests = createHarvestScheduler({ databaseUrl: url, db: database.db });
    await linkChecker.start();
    await harvests.start();
    jobQueues = superviseJobQueues({
      queues: [
        { name: 'link checker', start: linkChecker.start, stop: linkChecker.stop },
        { name: 'harvest', start: harvests.start, stop: harvests.stop },
      ],
      log: () => {},
    });
    let app: TTestApp | null = null;
    let traffic: Promise<number[]> | null = null;
    let isTrafficOn = true;
    try {
      app = await startTestApp({}, { database: { ...database, url, drop: async () => {} } });
      const baseUrl = app.baseUrl;
      const who = await signIn(app);
      const orders = () => request<TErrorResponse>(baseUrl, 'GET', '/api/orders', undefined, who.headers);
      const servesWithin = (ms: number) =>
        expect.poll(async () => (await orders()).status, { timeout: ms, interval: 100 }).toBe(200);
      expect((await orders()).status).toBe(200);

      // Fast shutdown, as `pg_ctl stop -m fast` sends it: sessions are terminated (57P01).
      process.kill(embedded.pid()!, 'SIGINT');
      await expect.poll(() => embedded.pid(), { timeout: 10_000 }).toBeNull();
      const down = await orders();
      expect(down.status).toBe(503);
      expect(down.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
      expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
      embedded = await startPostgres();
      await servesWithin(BACK_WITHIN_MS);

      // Smart shutdown (SIGTERM to the postmaster): PostgreSQL refuses new sessions and waits for the
      // open ones, which steady traffic keeps busy; it only stops once the app lets go of them.
      traffic = (async () => {
        const statuses: number[] = [];
        while (isTrafficOn) {
          const answer = await orders();
          statuses.push(answer.status);
          if (answer.status === 503) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return statuses;
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(embedded.pid()!, 'SIGTERM');
      await expect.poll(() => embedded.pid(), { timeout: 15_000, interval: 100 }).toBeNull();
      embedded = await startPostgres();
      await servesWithin(BACK_WITHIN_MS);
      isTrafficOn = false;
      const statuses = await traffic;
      // Nothing but answers and refusals while it went away: no 500, no hang.
      expect(new Set(statuses)).toEqual(new Set([200, 503]));

      // The link checker's queue runs again: a sweep queues the new link and a worker checks it.
      const offer = makeOffer({ title: 'Checked after the restart' });
      offer.datasets[0]!.distributions[0]!.accessUrl = `${siteUrl}/after-restart.csv`;
      await insertOffer(database.db, offer);
      await requestOfferChecks(database.db, [offer.id]);
      await expect
        .poll(
          async () => {
            await linkChecker.sweep(0).catch(() => 0);
            return hits.some((hit) => hit.endsWith('/after-restart.csv'));
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(true);
    } finally {
      isTrafficOn = false;
      await traffic?.catch(() => {});
      await jobQueues.stop();
      await harvests.stop().catch(() => {});
      await linkChecker.stop().catch(() => {});
      await app?.close();
      await database.close();
      await embedded.stop();
      site.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
