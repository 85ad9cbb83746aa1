// `npm run bench:export-stall [-- --offers 4000 --rounds 3 --concurrency 4 --formats jsonld,turtle,rdfxml]`:
// whether one user's catalogue export holds up everyone else. The real server runs as its own process on
// a catalogue of `--offers` demo offers; for each export format, `--concurrency` signed-in exports of
// 1,000-offer pages (pages 1, 2, ...) run at once, `--rounds` times, while `/healthz` is asked every
// `--poll-ms` (one request at a time, as a load balancer's health check would). Prints /healthz latency
// (p50, p99, max) during the exports, each export's own time (p50, max) and size, and the stalls over
// 50 ms the server's event-loop monitor logged (EVENT_LOOP_STALL_MS=50).
import os from 'node:os';
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
import { numberOption } from './lib/number-option';

const FORMATS = ['jsonld', 'turtle', 'rdfxml'] as const;
type TFormat = (typeof FORMATS)[number];

const { values: args } = parseArgs({
  options: {
    offers: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '4' },
    'page-size': { type: 'string', default: '1000' },
    'poll-ms': { type: 'string', default: '10' },
    formats: { type: 'string', default: FORMATS.join(',') },
    'stall-ms': { type: 'string', default: '50' },
    'database-url': { type: 'string' },
  },
});
const offers = Number(args.offers);
const rounds = numberOption(args, 'rounds', { min: 1 });
const concurrency = numberOption(args, 'concurrency', { min: 1 });
const pageSize = numberOption(args, 'page-size', { min: 1, max: 1000 });
const pollMs = numberOption(args, 'poll-ms', { min: 1, isWhole: false });
const stallMs = Number(args['stall-ms']);
const formats = args.formats.split(',').map((format) => format.trim()) as TFormat[];
if (!Number.isInteger(offers) || offers < concurrency * pageSize)
  throw new Error('--offers must be at least --concurrency × --page-size, so that every export reads a full page');
for (const format of formats) if (!FORMATS.includes(format)) throw new Error(`--formats: no format ${format}`);

const EMAIL = 'export-bench@example.com';
const PASSWORD = 'export-bench-2026';

async function ensureUser(url: string): Promise<void> {
  const handle = createDatabase({ url, maxConnections: 2, applicationName: 'dsm-bench-export' });
  try {
    await ensureBenchUser(handle.db, { email: EMAIL, name: 'Export Bench', password: PASSWORD });
  } finally {
    await handle.close();
  }
}

/** Asks `/healthz` one request at a time, every `pollMs`, until stopped; answers the latencies in ms. */
function pollHealth(baseUrl: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/healthz`);
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      latencies.push(elapsed);
      if (elapsed < pollMs) await new Promise((resolve) => setTimeout(resolve, pollMs - elapsed));
    }
  })();
  return {
    stop: async () => {
      isRunning = false;
      await loop;
      return latencies;
    },
  };
}

type TExport = { ms: number; bytes: number };

async function exportPage(baseUrl: string, authorization: string, format: TFormat, page: number): Promise<TExport> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/catalog?page=${page}&pageSize=${pageSize}&format=${format}`, {
    headers: { authorization },
  });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`export ${format} page ${page}: ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

/** The stalls the server's monitor logged in `log`: their length and the process's CPU time meanwhile, in ms. */
const stallsIn = (log: string) =>
  [...log.matchAll(/"eventLoopStallMs":(\d+),"cpuMs":(\d+)/g)].map((match) => ({
    ms: Number(match[1]),
    cpuMs: Number(match[2]),
  }));

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const seconds = (value: number) => (value / 1000).toFixed(2);

async function main(): Promise<void> {
  process.stdout.write(
    `Export stall benchmark: ${offers.toLocaleString('en-US')} offers, ${concurrency} concurrent exports of ${pageSize} offers, ${rounds} rounds per format\n`,
  );
  const database = await openBenchDatabase({
    name: 'dsm_export',
    folder: 'bench-export',
    databaseUrl: args['database-url'],
  });
  process.stdout.write(`Load: ${await loadCatalogue(database.url, offers)}\n`);
  await ensureUser(database.url);
  const server = await startServerProcess(database.url, { EVENT_LOOP_STALL_MS: String(stallMs), LOG_LEVEL: 'warn' });
  try {
    const tokens = await loginWithPassword({ baseUrl: server.baseUrl, email: EMAIL, password: PASSWORD });
    const authorization = `Bearer ${tokens.accessToken}`;
    // Warm-up: the first answer of each format compiles its code paths.
    for (const format of formats) await exportPage(server.baseUrl, authorization, format, 1);
    const warmRssMb = memoryOf(server.child.pid!).rssMb;
    const idle = pollHealth(server.baseUrl);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleLatencies = sorted(await idle.stop());

    const lines = [
      machineLine(),
      `Load average before the runs: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
      '',
    ];
    lines.push(
      `Idle /healthz: p50 ${ms(percentile(idleLatencies, 50))} ms, p99 ${ms(percentile(idleLatencies, 99))} ms, max ${ms(idleLatencies.at(-1) ?? Number.NaN)} ms (${idleLatencies.length} requests)`,
      '',
      `| format | exports | export p50 s | export max s | MB per page | /healthz p50 ms | /healthz p99 ms | /healthz max ms | /healthz requests | stalls > ${stallMs} ms logged |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const format of formats) {
      const exports: TExport[] = [];
      const health: number[] = [];
      const logBefore = server.output().length;
      for (let round = 0; round < rounds; round++) {
        const poller = pollHealth(server.baseUrl);
        exports.push(
          ...(await Promise.all(
            Array.from({ length: concurrency }, (_, i) => exportPage(server.baseUrl, authorization, format, i + 1)),
          )),
        );
        health.push(...(await poller.stop()));
      }
      const stalls = stallsIn(server.output().slice(logBefore));
      const times = sorted(exports.map((one) => one.ms));
      const latencies = sorted(health);
      const megabytes = exports.reduce((sum, one) => sum + one.bytes, 0) / exports.length / 1e6;
      const longest = stalls.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, cpuMs: 0 });
      const mostCpu = Math.max(0, ...stalls.map((stall) => stall.cpuMs));
      const stallCell =
        stalls.length === 0
          ? '0'
          : `${stalls.length} (longest ${longest.ms} ms with ${longest.cpuMs} ms CPU; most CPU ${mostCpu} ms)`;
      const line = `| ${format} | ${exports.length} | ${seconds(percentile(times, 50))} | ${seconds(times.at(-1)!)} | ${megabytes.toFixed(2)} | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 99))} | ${ms(latencies.at(-1)!)} | ${latencies.length} | ${stallCell} |`;
      lines.push(line);
      process.stdout.write(`${line}\n`);
    }
    const memory = memoryOf(server.child.pid!);
    lines.push(
      '',
      `Server RSS after the warm-up ${warmRssMb.toFixed(0)} MB, at the end ${memory.rssMb.toFixed(0)} MB, peak ${memory.peakMb.toFixed(0)} MB`,
    );
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    await server.stop();
    await database.stop();
  }
}

runBench(main);
