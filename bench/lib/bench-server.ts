// Shared by the HTTP benchmarks: a database of their own (embedded PostgreSQL under .data/, or the
// one given), the demo catalogue loaded into it, and the real server started as a separate process.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../../apps/server/src/db/database';
import { findFreePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres';
import { seedLicences } from '../../apps/server/src/modules/catalogue/licence-catalogue';
import { loadOffers } from '../../apps/server/src/modules/catalogue/load-offers';
import { seedCatalogue } from '../../apps/server/src/modules/catalogue/seed-catalogue';
import { JUDGED_OFFERS } from '../../apps/server/src/modules/search/evaluation/judged-corpus';
import { generateRealisticOffers } from './realistic-corpus/generate-realistic-offers';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type TBenchDatabase = { url: string; stop: () => Promise<void> };

/**
 * `BENCH_PORT=n`: the embedded PostgreSQL listens on n and the server on n + 1, instead of free ports the
 * system picks (on a machine shared with other work that must keep to its own range of ports).
 */
const benchPort = (offset: number): number | null => {
  const base = Number(process.env.BENCH_PORT ?? '');
  return Number.isInteger(base) && base > 0 ? base + offset : null;
};

/** The given database, or a database `name` in an embedded PostgreSQL kept in `.data/<folder>`. */
export async function openBenchDatabase(options: {
  name: string;
  folder: string;
  databaseUrl?: string | undefined;
}): Promise<TBenchDatabase> {
  if (options.databaseUrl) return { url: options.databaseUrl, stop: async () => {} };
  const dataDir = path.join(root, '.data', options.folder);
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    ...(benchPort(0) ? { port: benchPort(0)! } : {}),
  });
  await ensureDatabase(embedded.adminUrl, options.name);
  return { url: embedded.urlFor(options.name), stop: () => embedded.stop() };
}

/**
 * A database `name` in an embedded PostgreSQL of its own, in a fresh folder under the system's temporary folder
 * (`prefix` names it) that stopping removes; the benchmark may keep its own files there.
 */
export async function openScratchDatabase(options: {
  name: string;
  prefix: string;
}): Promise<TBenchDatabase & { folder: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), options.prefix));
  await chmod(folder, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(folder, 'postgres') });
  const stop = async () => {
    await embedded.stop();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await ensureDatabase(embedded.adminUrl, options.name);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: embedded.urlFor(options.name), folder, stop };
}

/** Creates the database `name` unless the server holds it already. */
async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${name}`);
  await admin.end();
}

/**
 * The catalogue a benchmark loads: `demo` is the catalogue the product seeds (about 2,000 distinct words),
 * `realistic` the benchmark corpus of bench/lib/realistic-corpus (a Zipf vocabulary that grows with the size).
 */
export type TBenchCorpus = 'demo' | 'realistic';

export const BENCH_CORPORA: readonly TBenchCorpus[] = ['demo', 'realistic'];

/** Loads the realistic corpus through the same bulk loader as the demo, then refreshes the statistics. */
async function loadRealisticCorpus(
  handle: ReturnType<typeof createDatabase>,
  datasets: number,
  onProgress: (loaded: number) => void,
): Promise<void> {
  await seedLicences(handle.db);
  await loadOffers({ pool: handle.pool, records: generateRealisticOffers({ count: datasets }), onProgress });
  const client = await handle.pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('analyze agents, offers, datasets, distributions');
  } finally {
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}

/**
 * Migrates and loads `datasets` offers of the given corpus, reusing a catalogue of the same size (keep one
 * database per corpus: the check counts offers only). Says what it did.
 */
export async function loadCatalogue(url: string, datasets: number, corpus: TBenchCorpus = 'demo'): Promise<string> {
  const handle = createDatabase({ url, maxConnections: 4, applicationName: 'dsm-bench-load' });
  try {
    await migrateToLatest(handle.db);
    const { rows } = await handle.pool.query<{ n: string }>('select count(*) as n from offers');
    const existing = Number(rows[0]?.n ?? 0);
    if (existing === datasets) return `reused (${datasets.toLocaleString('en-US')} offers already loaded)`;
    if (existing > 0) await handle.pool.query('truncate offers, datasets, distributions, agents cascade');
    const started = performance.now();
    let lastShown = 0;
    const onProgress = (loaded: number) => {
      if (loaded - lastShown >= datasets / 20 || loaded === datasets) {
        lastShown = loaded;
        process.stdout.write(`  loaded ${loaded.toLocaleString('en-US')} / ${datasets.toLocaleString('en-US')}\n`);
      }
    };
    if (corpus === 'realistic') await loadRealisticCorpus(handle, datasets, onProgress);
    else await seedCatalogue({ db: handle.db, pool: handle.pool, datasets, firstOffers: JUDGED_OFFERS, onProgress });
    const seconds = (performance.now() - started) / 1000;
    return `${seconds.toFixed(0)} s (${Math.round(datasets / seconds).toLocaleString('en-US')} offers/s, indexes included)`;
  } finally {
    await handle.close();
  }
}

export type TServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  stop: () => Promise<void>;
  /** What the process printed so far. */
  output: () => string;
};

/** Starts `apps/server/src/main.ts` on a free port against `url`, without seeding or sandboxes. */
export async function startServerProcess(url: string, env: Record<string, string> = {}): Promise<TServerProcess> {
  const port = benchPort(1) ?? (await findFreePort());
  // `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=..."`: options of the server's node alone (NODE_OPTIONS refuses some).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SEED_DATASETS: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SANDBOX_CONNECTORS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('running at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, baseUrl: `http://127.0.0.1:${port}`, stop, output: () => output };
}

/** Resident and peak resident memory of a process, from /proc. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key: string) =>
    Number(/^(\w+):\s+(\d+) kB/m.exec(status.split('\n').find((l) => l.startsWith(key)) ?? '')?.[2] ?? 0);
  return { rssMb: read('VmRSS') / 1024, peakMb: read('VmHWM') / 1024 };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user and system, in ms) used so far by the processes `isRoot` picks and all their descendants,
 * from /proc: a process's threads (search threads, PostgreSQL's backends as children) count with it. Where the
 * machine is shared, latency measures the queue for the cores too; CPU time per request measures only the work.
 */
export function cpuMsOfTrees(isRoot: (pid: number, cmdline: string) => boolean): number {
  const processes: { pid: number; ppid: number; ticks: number; cmdline: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (2nd field) may hold spaces: the fields after it are counted from its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      processes.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        // utime and stime, and cutime and cstime: the children that ended and were waited for (PostgreSQL's
        // backends of closed connections), whose time would otherwise leave the sum with them.
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
        cmdline,
      });
    } catch {
      // Gone meanwhile.
    }
  }
  const children = new Map<number, number[]>();
  for (const process of processes) children.set(process.ppid, [...(children.get(process.ppid) ?? []), process.pid]);
  const byPid = new Map(processes.map((process) => [process.pid, process]));
  const counted = new Set<number>();
  const walk = (pid: number) => {
    if (counted.has(pid)) return;
    counted.add(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  for (const process of processes) if (isRoot(process.pid, process.cmdline)) walk(process.pid);
  let ticks = 0;
  for (const pid of counted) ticks += byPid.get(pid)?.ticks ?? 0;
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The p-th percentile of ascending numbers (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One line naming the machine, for the tables in docs/performance.md. */
export function machineLine(): string {
  return `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/**
 * Runs a benchmark script's `main`: a failure prints its stack (or the thrown value) on standard error and
 * ends the process with exit code 1.
 */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : inspect(error)}\n`);
    process.exit(1);
  });
}
