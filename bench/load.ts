// `npm run bench:load [-- --users 60 --duration 180 --datasets 20000]`: a mixed scenario over real
// HTTP. Each simulated user signs in through the server's own identity provider and loops: search,
// open an offer, like or unlike it, read the watchlist, and now and then check a cart out (the cart's
// batch lookup, the payment order with an Idempotency-Key, the order list). Prints the p50/p95/p99
// latency and error count per route, and the server's resident memory across the run.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createDatabase } from '../apps/server/src/db/database';
import { loginWithPassword } from '../apps/server/src/idp/login-with-password';
import {
  loadCatalogue,
  machineLine,
  memoryOf,
  openBenchDatabase,
  percentile,
  runBench,
  startServerProcess,
} from './lib/bench-server';
import { ensureBenchUser } from './lib/bench-user';
import { saveBuyerOrganisation } from './lib/buyer-organisation';
import { numberOption } from './lib/number-option';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '60' },
    duration: { type: 'string', default: '180' },
    datasets: { type: 'string', default: '20000' },
    'think-ms': { type: 'string', default: '300' },
    'database-url': { type: 'string' },
  },
});
const users = numberOption(args, 'users', { min: 1 });
const duration = numberOption(args, 'duration', { min: 10, isWhole: false });
const datasets = numberOption(args, 'datasets', { min: 100 });
const thinkMs = numberOption(args, 'think-ms', { min: 0, isWhole: false });

const PASSWORD = 'load-user-2025';
const TERMS = ['daten', 'traffic', 'air quality', 'verkehr', 'energy', 'wasser', 'stadt', 'climate', 'bus', ''];
/** Access tokens live 300 s; a user signs in again before that. */
const TOKEN_LIFETIME_MS = 240_000;

type TRouteStats = { latencies: number[]; errors: number; statuses: Map<number, number> };
const stats = new Map<string, TRouteStats>();

function record(route: string, ms: number, status: number): void {
  let entry = stats.get(route);
  if (!entry) {
    entry = { latencies: [], errors: 0, statuses: new Map() };
    stats.set(route, entry);
  }
  entry.latencies.push(ms);
  if (status < 200 || status >= 300) {
    entry.errors++;
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  }
}

type TSession = { email: string; userId: string; authorization: string; signedInAt: number };

async function call<T>(
  baseUrl: string,
  session: TSession,
  route: string,
  init: { method: string; path: string; body?: unknown; headers?: Record<string, string> },
): Promise<T | null> {
  const started = performance.now();
  let status = 0;
  try {
    const response = await fetch(`${baseUrl}${init.path}`, {
      method: init.method,
      headers: {
        authorization: session.authorization,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    status = response.status;
    const text = await response.text();
    record(route, performance.now() - started, status);
    return status >= 200 && status < 300 && text ? (JSON.parse(text) as T) : null;
  } catch {
    record(route, performance.now() - started, status);
    return null;
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * thinkMs));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

type TOfferSummary = {
  '@id': string;
  isSellable: boolean;
  datasets?: { 'dcterms:publisher'?: { '@id'?: string } }[];
};

async function signIn(baseUrl: string, session: TSession): Promise<void> {
  const tokens = await loginWithPassword({ baseUrl, email: session.email, password: PASSWORD });
  session.authorization = `Bearer ${tokens.accessToken}`;
  session.signedInAt = Date.now();
}

async function userLoop(baseUrl: string, session: TSession, deadline: number): Promise<void> {
  const liked = new Set<string>();
  while (Date.now() < deadline) {
    if (Date.now() - session.signedInAt > TOKEN_LIFETIME_MS) await signIn(baseUrl, session);
    const term = pick(TERMS);
    const page = await call<{ data: TOfferSummary[] }>(baseUrl, session, 'POST /api/search', {
      method: 'POST',
      path: `/api/search?query=${encodeURIComponent(term.replaceAll(' ', '|'))}`,
      body: { index: Math.floor(Math.random() * 3), pageSize: 10 },
    });
    await pause();
    const offers = page?.data ?? [];
    if (offers.length === 0) continue;
    const offer = pick(offers);
    const id = encodeURIComponent(offer['@id']);
    await call(baseUrl, session, 'GET /api/metadata/{id}', { method: 'GET', path: `/api/metadata/${id}` });
    await pause();
    const isLiked = liked.has(offer['@id']);
    await call(baseUrl, session, isLiked ? 'DELETE /api/metadata/like' : 'POST /api/metadata/like', {
      method: isLiked ? 'DELETE' : 'POST',
      path: `/api/metadata/like?uuid=${id}`,
    });
    if (isLiked) liked.delete(offer['@id']);
    else liked.add(offer['@id']);
    await call(baseUrl, session, 'GET /api/metadata/like', { method: 'GET', path: '/api/metadata/like' });
    await pause();
    if (Math.random() >= 0.15) continue;
    const cart = offers
      .filter((item) => item.isSellable && item.datasets?.[0]?.['dcterms:publisher']?.['@id'])
      .slice(0, 1 + Math.floor(Math.random() * 3));
    if (cart.length === 0) continue;
    await call(baseUrl, session, 'GET /api/metadata?batchIds=', {
      method: 'GET',
      path: `/api/metadata?batchIds=${cart.map((item) => encodeURIComponent(item['@id'])).join(',')}`,
    });
    await call(baseUrl, session, 'POST /idp-service/payment', {
      method: 'POST',
      path: '/idp-service/payment',
      headers: { 'idempotency-key': randomUUID() },
      body: {
        consumerId: session.userId,
        purchasedItems: cart.map((item) => ({
          productId: item['@id'],
          providerId: item.datasets![0]!['dcterms:publisher']!['@id']!,
        })),
      },
    });
    await call(baseUrl, session, 'GET /api/orders', { method: 'GET', path: '/api/orders?index=0&pageSize=10' });
    await pause();
  }
}

async function createLoadUsers(url: string): Promise<{ email: string; userId: string }[]> {
  const handle = createDatabase({ url, maxConnections: 2, applicationName: 'dsm-bench-users' });
  try {
    const created: { email: string; userId: string }[] = [];
    for (let i = 0; i < users; i++) {
      const email = `load-user-${i}@example.com`;
      const user = await ensureBenchUser(handle.db, { email, name: `Load User ${i}`, password: PASSWORD });
      await saveBuyerOrganisation(handle.db, user.id, `Load User ${i} GmbH`, email);
      created.push({ email, userId: user.id });
    }
    return created;
  } finally {
    await handle.close();
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main(): Promise<void> {
  process.stdout.write(`Load benchmark: ${users} users, ${duration} s, ${datasets.toLocaleString('en-US')} offers\n`);
  const database = await openBenchDatabase({
    name: 'dsm_load',
    folder: 'bench-load',
    databaseUrl: args['database-url'],
  });
  const load = await loadCatalogue(database.url, datasets);
  process.stdout.write(`Load: ${load}\n`);
  const accounts = await createLoadUsers(database.url);
  const server = await startServerProcess(database.url);
  const samples: { at: number; rssMb: number }[] = [];
  try {
    const sessions: TSession[] = [];
    for (const account of accounts) {
      const session = { ...account, authorization: '', signedInAt: 0 };
      await signIn(server.baseUrl, session);
      sessions.push(session);
    }
    const started = Date.now();
    const deadline = started + duration * 1000;
    const sampler = setInterval(() => {
      samples.push({ at: (Date.now() - started) / 1000, rssMb: memoryOf(server.child.pid!).rssMb });
    }, 2000);
    // Users start spread over the first five seconds, as people arrive.
    await Promise.all(
      sessions.map(async (session, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i / sessions.length) * 5000));
        await userLoop(server.baseUrl, session, deadline);
      }),
    );
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;

    const lines: string[] = [machineLine()];
    lines.push(`Catalogue: ${datasets.toLocaleString('en-US')} offers; ${users} users; think time 0-${2 * thinkMs} ms`);
    lines.push('');
    lines.push('| route | requests | req/s | p50 ms | p95 ms | p99 ms | errors |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|');
    let total = 0;
    let totalErrors = 0;
    for (const [route, entry] of [...stats.entries()].sort((a, b) => b[1].latencies.length - a[1].latencies.length)) {
      const sorted = [...entry.latencies].sort((a, b) => a - b);
      total += sorted.length;
      totalErrors += entry.errors;
      const statuses = [...entry.statuses.entries()].map(([status, n]) => `${n}×${status || 'network'}`).join(', ');
      lines.push(
        `| ${route} | ${sorted.length} | ${(sorted.length / seconds).toFixed(1)} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(percentile(sorted, 99))} | ${entry.errors}${statuses ? ` (${statuses})` : ''} |`,
      );
    }
    lines.push(`| all | ${total} | ${(total / seconds).toFixed(1)} | | | | ${totalErrors} |`);
    const quarter = Math.max(1, Math.floor(samples.length / 4));
    const second = samples.slice(quarter, 2 * quarter).map((s) => s.rssMb);
    const last = samples.slice(-quarter).map((s) => s.rssMb);
    const peak = memoryOf(server.child.pid!).peakMb;
    lines.push('');
    lines.push(
      `Server RSS: median ${fmt(median(second))} MB in the second quarter of the run, ${fmt(median(last))} MB in the last quarter (growth ${fmt(median(last) - median(second))} MB); peak ${fmt(peak)} MB; error rate ${((100 * totalErrors) / Math.max(1, total)).toFixed(2)} %`,
    );
    process.stdout.write(`\n${lines.join('\n')}\n`);
    if (totalErrors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await database.stop();
  }
}

runBench(main);
