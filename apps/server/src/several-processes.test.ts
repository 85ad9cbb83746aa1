import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TOfferInputBody } from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import { seedLicences } from './modules/catalogue/licence-catalogue';
import { insertOfferOf, itemOf, SUPPLIER_A, sellFor } from './modules/orders/orders-test-data';
import { placeOrder } from './modules/orders/place-order';
import { startServer, type TRunningServer } from './server';
import { signIn, type TSignedIn } from './test/auth';
import { makeOfferInput } from './test/factories';
import { useTemporaryFolder, useTestDatabase } from './test/lifecycle';
import { searchAs } from './test/search';
import { request, type TTestApp } from './test/test-app';
import { countRowsWhere } from './test/test-database';

// Several server processes on one database, each with its own search index (docs/scaling.md): what one process
// changes the others find, the outbox keeps rows for an index that lags and forgets one gone for good, and the
// background jobs run once whichever processes run them.

/** The ports of these processes (20100-20199). All answer under one public address, as behind a load balancer. */
const PORTS = { a: 20_101, b: 20_102, c: 20_103 } as const;
const PUBLIC_URL = `http://127.0.0.1:${PORTS.a}`;

type TProcess = { server: TRunningServer; baseUrl: string; lines: string[] };

const database = useTestDatabase();
const folder = useTemporaryFolder('dsm-several-');
let supplier: TSignedIn;
const running: TProcess[] = [];

async function startProcess(name: keyof typeof PORTS, env: Record<string, string>): Promise<TProcess> {
  const lines: string[] = [];
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: String(PORTS[name]),
    HOST: '127.0.0.1',
    PUBLIC_URL,
    DATA_DIR: path.join(folder.path, name),
    SEARCH_INDEX_DIR: path.join(folder.path, `index-${name}`),
    SEARCH_WORKERS: '1',
    SEED_DATASETS: '0',
    DEMO_DATA: 'false',
    SANDBOX_CONNECTORS: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const server = await startServer({ config, log: (line) => lines.push(line) });
  const started = { server, baseUrl: `http://127.0.0.1:${PORTS[name]}`, lines };
  running.push(started);
  return started;
}

async function stopProcess(process: TProcess): Promise<void> {
  running.splice(running.indexOf(process), 1);
  await process.server.stop();
}

/** Polls until `condition` holds, at most `limitMs`; answers how long it took. */
async function within(limitMs: number, condition: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > limitMs) throw new Error(`the condition did not hold within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

async function titlesFound(process: TProcess, word: string): Promise<string[]> {
  const response = await searchAs(process, supplier, { query: word });
  expect(response.status).toBe(200);
  return response.body.data.map((offer) => offer.title);
}

const offerInput = (title: string): TOfferInputBody =>
  makeOfferInput(title, {
    pricingOption: 'FREE',
    generalInfo: { description: 'Counted every month.', keywords: 'wildlife' },
    licensingInfo: { paymentType: 'FREE_OF_CHARGE', price: 0, priceUnit: '' },
  });

async function createOffer(process: TProcess, title: string): Promise<string> {
  const created = await request<{ '@id': string }>(
    process.baseUrl,
    'POST',
    '/api/offers',
    offerInput(title),
    supplier.headers,
  );
  expect(created.status).toBe(201);
  return created.body['@id'];
}

const queuedRowsOf = (offerId: string) => countRowsWhere(database.db, 'search_outbox', 'offer_id', offerId);

beforeAll(async () => {
  await seedLicences(database.db);
}, 60_000);

afterAll(async () => {
  for (const process of running.splice(0)) await process.server.stop().catch(() => {});
});

describe('two server processes on one database, each with its own search index', () => {
  let a: TProcess;
  let b: TProcess;

  beforeAll(async () => {
    a = await startProcess('a', { ROLE: 'web' });
    // A process that only answers HTTP opens no connection of the billing or alert job runners.
    const { rows } = await sql<{ name: string }>`
      select distinct application_name as name from pg_stat_activity where datname = current_database()`.execute(
      database.db,
    );
    expect(rows.map((row) => row.name)).not.toEqual(expect.arrayContaining(['dsm-billing']));
    expect(rows.map((row) => row.name)).not.toEqual(expect.arrayContaining(['dsm-alerts']));
    b = await startProcess('b', { ROLE: 'all' });
    const handle = { app: a.server.app, baseUrl: a.baseUrl, database, config: a.server.app.config } as TTestApp;
    supplier = await signIn(handle, { email: 'several-supplier@example.org', name: 'Several Supplier' });
  }, 120_000);

  it('finds an offer created through one process by a search through the other within 5 s, and its edits and removal too', async () => {
    const id = await createOffer(a, 'Narwhal sightings');
    const foundAfterMs = await within(5_000, async () => (await titlesFound(b, 'narwhal')).length === 1);
    console.log(`an offer created through A was found through B after ${foundAfterMs} ms`);

    const edited = await request(b.baseUrl, 'PUT', `/api/offers/${id}`, offerInput('Beluga sightings'), {
      ...supplier.headers,
    });
    expect(edited.status).toBe(200);
    await within(5_000, async () => (await titlesFound(a, 'beluga')).length === 1);
    expect(await titlesFound(a, 'narwhal')).toEqual([]);

    const removed = await request(b.baseUrl, 'DELETE', `/api/offers/${id}`, undefined, supplier.headers);
    expect(removed.status).toBe(200);
    await within(5_000, async () => (await titlesFound(a, 'beluga')).length === 0);
  }, 60_000);

  it('keeps the outbox rows an index has not read while its process is stopped, and deletes them once it has', async () => {
    await stopProcess(b);
    const id = await createOffer(a, 'Orca pods');
    await within(5_000, async () => (await titlesFound(a, 'orca')).length === 1);
    // A has applied the change, B's cursor still holds it.
    expect(await queuedRowsOf(id)).toBeGreaterThan(0);

    b = await startProcess('b', { ROLE: 'all' });
    // The same folder resumes from its cursor: no build, and the change it missed is applied.
    expect(b.lines.join('\n')).not.toContain('Search index built');
    await within(5_000, async () => (await titlesFound(b, 'orca')).length === 1);
    await within(5_000, async () => (await queuedRowsOf(id)) === 0);
  }, 60_000);

  it('forgets an index not seen for longer than the expiry: its rows go, and it builds its index again when it comes back', async () => {
    await stopProcess(b);
    // B was last seen two hours ago (the expiry is an hour).
    const consumerB = (await readFile(path.join(folder.path, 'index-b', 'CONSUMER'), 'utf8')).trim();
    await sql`update search_outbox_cursors set seen_at = now() - interval '2 hours' where consumer = ${consumerB}`.execute(
      database.db,
    );
    const id = await createOffer(a, 'Dolphin strandings');
    await within(5_000, async () => (await titlesFound(a, 'dolphin')).length === 1);
    await within(5_000, async () => (await queuedRowsOf(id)) === 0);
    const { rows } = await sql<{ consumer: string }>`select consumer from search_outbox_cursors`.execute(database.db);
    expect(rows.map((row) => row.consumer)).not.toContain(consumerB);

    b = await startProcess('b', { ROLE: 'all' });
    expect(b.lines.join('\n')).toContain('Search index built');
    expect(await titlesFound(b, 'dolphin')).toEqual(['Dolphin strandings']);
  }, 60_000);

  it('cancels an unpaid order once although two processes run the job, and a web process not at all', async () => {
    await stopProcess(b);
    const offer = await insertOfferOf(database.db, SUPPLIER_A, { title: 'Seal counts' });
    await sellFor(database.db, SUPPLIER_A);
    const handle = { app: a.server.app, baseUrl: a.baseUrl, database, config: a.server.app.config } as TTestApp;
    const buyer = await signIn(handle, { email: 'several-buyer@example.org' });
    const { order: placed } = await placeOrder({
      db: database.db,
      user: buyer.user,
      request: { consumerId: buyer.user.id, purchasedItems: [itemOf(offer)] },
      commissionRate: 0.1,
    });
    await sql`update orders set pay_by = now() - interval '1 day' where id = ${placed.id}`.execute(database.db);

    [b] = await Promise.all([startProcess('b', { ROLE: 'all' }), startProcess('c', { ROLE: 'worker' })]);
    const c = running.find((process) => process.baseUrl.endsWith(String(PORTS.c))) as TProcess;
    // Each runs its first sweep of unpaid orders 10 s after its start.
    await within(30_000, async () => {
      const order = await database.db
        .selectFrom('orders')
        .select('state')
        .where('id', '=', placed.id)
        .executeTakeFirst();
      return order?.state === 'cancelled';
    });
    const cancellations = (process: TProcess) =>
      process.lines.filter((line) => line.startsWith('Cancelled 1 unpaid orders')).length;
    expect(cancellations(b) + cancellations(c)).toBe(1);
    expect(cancellations(a)).toBe(0);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from invoices where order_id = ${placed.id} and state = 'cancelled'`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBe(1);

    // The worker answers its health checks and no API.
    expect((await request(c.baseUrl, 'GET', '/healthz')).status).toBe(200);
    const api = await request<{ message: string }>(
      c.baseUrl,
      'POST',
      '/api/search',
      { index: 0, pageSize: 1 },
      supplier.headers,
    );
    expect(api.status).toBe(404);
    expect(api.body.message).toContain('ROLE=worker');
  }, 90_000);
});
