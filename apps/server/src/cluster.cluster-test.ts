import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type TCluster } from '../../../scripts/cluster-lib.mjs';
import { EMBEDDED_REALM_PATH } from './config/config';
import { createDatabase, type TDatabaseHandle } from './db/database';
import { loginWithPassword } from './idp/login-with-password';
import { insertOfferOf, itemOf, SUPPLIER_A, sellFor } from './modules/orders/orders-test-data';
import { DEMO_USERS } from './modules/users/demo-users';
import { makeOfferInput } from './test/factories';

/** The balancer's port; the two processes listen on the next two. */
const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 20410);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Concurrent searches of the load. */
const CONNECTIONS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: TCluster;
let runDir: string;
let databaseName: string;
let database: TDatabaseHandle;

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** An access token of a demo user, signed in through the balancer (each page may come from another process). */
async function tokenOf(email: string): Promise<string> {
  const user = DEMO_USERS.find((candidate) => candidate.email === email)!;
  const tokens = await loginWithPassword({ baseUrl: cluster.url, email, password: user.password });
  return tokens.accessToken;
}

async function search(baseUrl: string, token: string, terms: string[] = []) {
  const response = await fetch(`${baseUrl}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ terms, index: 0, pageSize: 10 }),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await response.json()) as { data?: { '@id': string }[] };
  return { status: response.status, ids: (body.data ?? []).map((offer) => offer['@id']) };
}

type TLoadReport = {
  answered: number;
  /** Answers other than 200 and requests that got no answer, as `status` or the error's name. */
  failures: string[];
  /** Requests in flight at the moments `mark()` was called. */
  inFlightAtMarks: number[];
};

/** `CONNECTIONS` searches at a time through the balancer, one after the other on each, until stopped. */
function startSearchLoad(token: string) {
  let isStopped = false;
  let inFlight = 0;
  const report: TLoadReport = { answered: 0, failures: [], inFlightAtMarks: [] };
  const worker = async () => {
    while (!isStopped) {
      inFlight += 1;
      try {
        const { status } = await search(cluster.url, token);
        if (status === 200) report.answered += 1;
        else report.failures.push(String(status));
      } catch (error) {
        report.failures.push(error instanceof Error ? error.name : String(error));
      } finally {
        inFlight -= 1;
      }
    }
  };
  const workers = Array.from({ length: CONNECTIONS }, worker);
  return {
    mark: () => report.inFlightAtMarks.push(inFlight),
    answered: () => report.answered,
    async stop(): Promise<TLoadReport> {
      isStopped = true;
      await Promise.all(workers);
      return report;
    },
  };
}

/** Polls `condition` every 100 ms until it holds; throws after `timeoutMs`. Answers the milliseconds it took. */
async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await condition()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** The processes that answered requests whose line in HAProxy's log matches `pattern`. */
function processesServing(pattern: RegExp): Set<string> {
  const served = new Set<string>();
  for (const line of cluster.haproxyLog().split('\n')) {
    if (pattern.test(line)) served.add(/ processes\/(p\d+) /.exec(line)?.[1] ?? '');
  }
  return served;
}

beforeAll(async () => {
  runDir = await mkdtemp(path.join(os.tmpdir(), 'dsm-cluster-'));
  databaseName = `dsm_cluster_${process.pid}_${Date.now()}`;
  await adminQuery(`create database ${databaseName}`);
  cluster = await startCluster({
    processes: 2,
    databaseUrl: databaseUrl(databaseName),
    port: PORT,
    runDir,
    env: {
      DATA_DIR: path.join(runDir, 'data'),
      SEED_DATASETS: '200',
      SEARCH_WORKERS: '1',
      // The load sends a few hundred searches a minute as one user.
      SEARCH_RATE_LIMIT: '0',
      ORDER_RATE_LIMIT: '0',
      LOG_LEVEL: 'info',
      EVENT_LOOP_STALL_MS: '0',
    },
  });
  database = createDatabase({ url: databaseUrl(databaseName), maxConnections: 2, applicationName: 'dsm-cluster-test' });
});

afterAll(async () => {
  await cluster?.stop();
  await database?.close();
  if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  if (runDir) await rm(runDir, { recursive: true, force: true });
});

describe('two processes behind HAProxy', () => {
  it('signs in through the balancer, with one issuer whichever process serves the pages', async () => {
    const issuer = `${cluster.publicUrl}${EMBEDDED_REALM_PATH}`;
    for (const member of cluster.processes) {
      const response = await fetch(`${member.url}${EMBEDDED_REALM_PATH}/.well-known/openid-configuration`);
      expect(((await response.json()) as { issuer: string }).issuer).toBe(issuer);
    }
    const token = await tokenOf('buyer@example.com');
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iss: string };
    expect(payload.iss).toBe(issuer);
    // Round robin without stickiness: the sign-in's pages and its code exchange came from both processes.
    expect(processesServing(/ "(GET|POST) \/idp\//)).toEqual(new Set(['p1', 'p2']));
    // A token the one process issued is taken by the other.
    for (const member of cluster.processes) expect((await search(member.url, token)).status).toBe(200);
  });

  it("carries one request id in HAProxy's log and in the log of the process that answered", async () => {
    const response = await fetch(`${cluster.url}/readyz`);
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => cluster.haproxyLog().includes(`id=${id}`), 5_000, 'the id in the log of HAProxy');
    const line = cluster
      .haproxyLog()
      .split('\n')
      .find((candidate) => candidate.includes(`id=${id}`))!;
    const answeredBy = cluster.processes.find((member) => line.includes(` processes/${member.name} `))!;
    await waitFor(() => answeredBy.output().includes(`"reqId":"${id}"`), 5_000, 'the id in the log of the process');
  });

  it('finds an offer published through one process through the other within 5 s', async () => {
    const [p1, p2] = cluster.processes as [TCluster['processes'][number], TCluster['processes'][number]];
    const token = await tokenOf('supplier@example.com');
    const word = `quokka${randomUUID().slice(0, 8)}`;
    const created = await fetch(`${p1.url}/api/offers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(makeOfferInput(`Sightings of ${word}`)),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { '@id': string })['@id'];
    await waitFor(async () => (await search(p1.url, token, [word])).ids.includes(id), 5_000, 'found through p1');
    const lag = await waitFor(
      async () => (await search(p2.url, token, [word])).ids.includes(id),
      5_000,
      'found through p2',
    );
    expect(lag).toBeLessThanOrEqual(5_000);
  });

  it('loses no search beyond those a process killed under load held in flight, and the other keeps serving', async () => {
    const [, p2] = cluster.processes as [TCluster['processes'][number], TCluster['processes'][number]];
    const load = startSearchLoad(await tokenOf('buyer@example.com'));
    await waitFor(() => load.answered() >= 20, 30_000, 'searches before the kill');
    load.mark();
    p2.kill('SIGKILL');
    await p2.exited();
    await cluster.waitForState('p2', 'DOWN', 10_000);
    const answeredAtDown = load.answered();
    await waitFor(() => load.answered() >= answeredAtDown + 20, 30_000, 'searches after the kill');
    const report = await load.stop();
    // HAProxy sends a search the killed process held without answering, or one that met its closed port, to the
    // other process. An answer the process had begun to send is cut (HAProxy cannot start it again): only searches
    // in flight at the kill can fail, and none with an error status.
    expect(report.failures.length).toBeLessThanOrEqual(report.inFlightAtMarks[0]!);
    expect(report.failures.filter((failure) => /^\d+$/.test(failure))).toEqual([]);
    await p2.start();
    await cluster.waitForState('p2', 'UP');
  });

  it('answers every search during a rolling restart of both processes', async () => {
    const load = startSearchLoad(await tokenOf('buyer@example.com'));
    await waitFor(() => load.answered() >= 20, 30_000, 'searches before the restart');
    const pidsBefore = cluster.processes.map((member) => member.pid);
    await cluster.rollingRestart();
    const answeredAfter = load.answered();
    await waitFor(() => load.answered() >= answeredAfter + 20, 30_000, 'searches after the restart');
    const report = await load.stop();
    expect(cluster.processes.map((member) => member.pid)).not.toContain(pidsBefore[0]);
    expect(cluster.processes.map((member) => member.pid)).not.toContain(pidsBefore[1]);
    expect(report.failures).toEqual([]);
    expect(report.answered).toBeGreaterThan(40);
  });

  it('stores an order placed during a restart once, the client retrying with its Idempotency-Key', async () => {
    const [p1] = cluster.processes as [TCluster['processes'][number]];
    const token = await tokenOf('buyer@example.com');
    const buyer = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'buyer@example.com')
      .executeTakeFirstOrThrow();
    const offers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => insertOfferOf(database.db, SUPPLIER_A, { title: `Restart ${index}` })),
    );
    await sellFor(database.db, SUPPLIER_A);
    /** The order of one offer, sent again with the same key until it gets an answer, for at most 60 s. */
    const placeOrder = async (offer: (typeof offers)[number], key: string) => {
      const deadline = Date.now() + 60_000;
      const statuses: (number | string)[] = [];
      for (;;) {
        try {
          const response = await fetch(`${cluster.url}/idp-service/payment`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
            body: JSON.stringify({ consumerId: buyer.id, purchasedItems: [itemOf(offer)] }),
            signal: AbortSignal.timeout(20_000),
          });
          const body = (await response.json()) as { id?: string };
          statuses.push(response.status);
          if (response.status === 200 || response.status === 201) return { id: body.id, statuses };
        } catch (error) {
          statuses.push(error instanceof Error ? error.name : String(error));
        }
        if (Date.now() > deadline) return { id: undefined, statuses };
        await sleep(200);
      }
    };
    const restarting = (async () => {
      await p1.stop();
      await p1.start();
      await cluster.waitForState('p1', 'UP');
    })();
    let isRestarted = false;
    void restarting.finally(() => {
      isRestarted = true;
    });
    const placed: { key: string; id: string | undefined; statuses: (number | string)[] }[] = [];
    for (const offer of offers) {
      const key = `restart-${randomUUID()}`;
      placed.push({ key, ...(await placeOrder(offer, key)) });
      if (isRestarted) break;
      await sleep(300);
    }
    await restarting;
    // A client that lost the answer sends the order once more: it gets the same order back.
    const again = await placeOrder(offers[0]!, placed[0]!.key);
    expect(again.id).toBe(placed[0]!.id);

    const rows = await database.db
      .selectFrom('orders')
      .select(['id', 'idempotency_key'])
      .where('consumer_id', '=', buyer.id)
      .where(
        'idempotency_key',
        'in',
        placed.map((order) => order.key),
      )
      .execute();
    expect(placed.every((order) => order.id !== undefined)).toBe(true);
    expect(rows.map((row) => row.idempotency_key).sort()).toEqual(placed.map((order) => order.key).sort());
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(placed.map((order) => order.id)));
  });
});
