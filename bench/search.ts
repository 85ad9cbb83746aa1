// `npm run bench:search [-- --datasets 1000000 --duration 15]`: loads a catalogue into a database of
// its own (reused while it holds the same count), starts the real server against it in a separate
// process, and measures a fixed query mix through HTTP at 1, 8 and 32 connections and through the
// search service alone (the SQL it runs, without HTTP). Prints a Markdown table.
import { parseArgs } from 'node:util';
import type { TSearchRequestInput } from '@dsm/contracts';
import { ZSearchRequest } from '@dsm/contracts';
import autocannon from 'autocannon';
import { createDatabase } from '../apps/server/src/db/database';
import { loginWithPassword } from '../apps/server/src/idp/login-with-password';
import { searchOffers } from '../apps/server/src/modules/search/search-offers';
import { DEMO_USERS } from '../apps/server/src/modules/users/demo-users';
import {
  loadCatalogue,
  machineLine,
  memoryOf,
  openBenchDatabase,
  percentile,
  startServerProcess,
} from './lib/bench-server';

const { values: args } = parseArgs({
  options: {
    datasets: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '15' },
    'database-url': { type: 'string' },
  },
});
const datasets = Number(args.datasets);
const duration = Number(args.duration);
if (!Number.isInteger(datasets) || datasets < 1) throw new Error('--datasets must be a positive integer');
if (!Number.isFinite(duration) || duration < 1) throw new Error('--duration must be at least 1 second');

type TQuery = { name: string; query: string; body: TSearchRequestInput };

/** The fixed mix: free text of 1 to 3 terms, filters, the empty query and a deep page. */
const MIX: TQuery[] = [
  { name: 'one common term', query: 'daten', body: { index: 0, pageSize: 10 } },
  { name: 'one term en', query: 'traffic', body: { index: 0, pageSize: 10 } },
  { name: 'two terms', query: 'air|quality', body: { index: 0, pageSize: 10 } },
  { name: 'three terms de', query: 'verkehr|zählung|köln', body: { index: 0, pageSize: 10 } },
  { name: 'phrase', query: '"open data"', body: { index: 0, pageSize: 10 } },
  { name: 'rare term', query: 'grundwasser', body: { index: 0, pageSize: 10 } },
  {
    name: 'term + category',
    query: 'messung',
    body: { index: 0, pageSize: 10, filter: { categories: ['ENVIRONMENT'] } },
  },
  { name: 'category only', query: '', body: { index: 0, pageSize: 10, filter: { categories: ['TRANSPORT'] } } },
  { name: 'keyword filter', query: 'data', body: { index: 0, pageSize: 10, filter: { keywords: ['Open Data'] } } },
  {
    name: 'price range',
    query: 'energy',
    body: { index: 0, pageSize: 10, filter: { minPrice: 10, maxPrice: 200 } },
  },
  { name: 'empty query', query: '', body: { index: 0, pageSize: 10 } },
  { name: 'page of 100', query: 'stadt', body: { index: 2, pageSize: 100 } },
  { name: 'deep page near cap', query: 'daten', body: { index: 998, pageSize: 10 } },
];

type TResult = { p50: number; p95: number; p99: number; rps: number; errors: number };

/**
 * The Authorization header of the seeded demo buyer, signed in through the server's own provider.
 * Taken afresh before each run: access tokens live 5 minutes.
 */
async function buyerAuthorization(baseUrl: string): Promise<string> {
  const buyer = DEMO_USERS[0]!;
  const tokens = await loginWithPassword({ baseUrl, email: buyer.email, password: buyer.password });
  return `Bearer ${tokens.accessToken}`;
}

async function runHttp(baseUrl: string, connections: number): Promise<TResult> {
  const authorization = await buyerAuthorization(baseUrl);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    requests: MIX.map((item) => ({
      method: 'POST',
      path: `/api/search?query=${encodeURIComponent(item.query)}`,
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(item.body),
    })),
  });
  return {
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

async function runService(url: string, connections: number): Promise<TResult> {
  const handle = createDatabase({ url, maxConnections: connections, applicationName: 'dsm-bench-sql' });
  const requests = MIX.map((item) => ({ query: item.query, request: ZSearchRequest.parse(item.body) }));
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      let next = worker;
      while (performance.now() < deadline) {
        const item = requests[next++ % requests.length]!;
        const started = performance.now();
        try {
          await searchOffers({ db: handle.db, query: item.query, request: item.request });
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  await handle.close();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / duration,
    errors,
  };
}

async function runPerQuery(baseUrl: string): Promise<string[]> {
  const authorization = await buyerAuthorization(baseUrl);
  const rows: string[] = [];
  for (const item of MIX) {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/search?query=${encodeURIComponent(item.query)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(item.body),
      });
      const body = (await response.json()) as { total?: number };
      times.push(performance.now() - started);
      if (i === 0 && response.status !== 200) throw new Error(`${item.name}: HTTP ${response.status}`);
      if (i === 14) {
        times.sort((a, b) => a - b);
        rows.push(
          `| ${item.name} | \`${item.query || '(empty)'}\` | ${body.total} | ${percentile(times, 50).toFixed(1)} |`,
        );
      }
    }
  }
  return rows;
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

async function main(): Promise<void> {
  process.stdout.write(`Search benchmark: ${datasets.toLocaleString('en-US')} offers, ${duration} s per run\n`);
  const database = await openBenchDatabase({ name: 'dsm_bench', folder: 'bench', databaseUrl: args['database-url'] });
  const load = await loadCatalogue(database.url, datasets);
  process.stdout.write(`Load: ${load}\n`);
  // One account drives every connection here: the benchmark measures search, not the per-user limit.
  const server = await startServerProcess(database.url, { SEARCH_RATE_LIMIT: '0' });
  try {
    // Warm the caches the way a running server would be warm.
    await runPerQuery(server.baseUrl);
    const perQuery = await runPerQuery(server.baseUrl);
    const lines: string[] = [];
    lines.push(machineLine());
    lines.push(`Catalogue: ${datasets.toLocaleString('en-US')} offers; load ${load}`);
    lines.push('');
    lines.push('| path | connections | p50 ms | p95 ms | p99 ms | req/s | errors |');
    lines.push('|---|---|---|---|---|---|---|');
    const sqlP50: Record<number, number> = {};
    const httpP50: Record<number, number> = {};
    for (const connections of [1, 8, 32]) {
      const service = await runService(database.url, connections);
      sqlP50[connections] = service.p50;
      lines.push(
        `| service (SQL, no HTTP) | ${connections} | ${fmt(service.p50)} | ${fmt(service.p95)} | ${fmt(service.p99)} | ${service.rps.toFixed(0)} | ${service.errors} |`,
      );
      const http = await runHttp(server.baseUrl, connections);
      httpP50[connections] = http.p50;
      lines.push(
        `| HTTP API | ${connections} | ${fmt(http.p50)} | ${fmt(http.p95)} | ${fmt(http.p99)} | ${http.rps.toFixed(0)} | ${http.errors} |`,
      );
    }
    const memory = memoryOf(server.child.pid!);
    lines.push('');
    lines.push(
      `API p50 / service p50: ${[1, 8, 32].map((c) => `${c} conn ${(httpP50[c]! / sqlP50[c]!).toFixed(2)}`).join(', ')}`,
    );
    lines.push(`Server memory after the runs: RSS ${memory.rssMb.toFixed(0)} MB, peak ${memory.peakMb.toFixed(0)} MB`);
    lines.push('');
    lines.push('| query | text | total | p50 ms (1 conn, warm) |');
    lines.push('|---|---|---|---|');
    lines.push(...perQuery);
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    await server.stop();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
