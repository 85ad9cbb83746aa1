// `npm run bench:outbox-readers [-- --database-url postgres://... --datasets 20000 --changes 5000 --readers 1,2,4]`:
// what each extra server process costs the shared PostgreSQL by following the search outbox (docs/scaling.md). For
// each reader count, that many consumers register a cursor, `--changes` offers are queued in the outbox (in
// transactions of 500, as a harvest queues them), and the consumers apply them all at once, each with the
// product's own `applyOutboxBatch` into an index file of its own and on a PostgreSQL connection of its own, as N
// processes would. Then each polls an empty outbox `--polls` times (what every process does each second).
//
// Measured per run: rows read from the outbox by all readers, the queries and their time (Kysely's own timing,
// round trip included), the CPU of each reader's PostgreSQL backend (from /proc: run it on the database's machine),
// and the benchmark's own CPU (the readers' Node side: reading rows, analysing, writing SQLite). The database is
// taken for the benchmark: its outbox and cursors are emptied before each run.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type TDb } from '../apps/server/src/db/database';
import type { TDatabase } from '../apps/server/src/db/schema';
import { applyOutboxBatch, registerOutboxConsumer } from '../apps/server/src/modules/search/index/apply-outbox-batch';
import { configureConnection, createIndexSchema } from '../apps/server/src/modules/search/index/index-schema';
import { loadCatalogue, machineLine, openBenchDatabase, runBench } from './lib/bench-server';
import { numberOption } from './lib/number-option';
import { backendCpuMs } from './lib/postgres-backend-cpu';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    datasets: { type: 'string', default: '20000' },
    changes: { type: 'string', default: '5000' },
    readers: { type: 'string', default: '1,2,4' },
    polls: { type: 'string', default: '200' },
  },
});
const datasets = numberOption(args, 'datasets', { min: 1 });
const changes = Number(args.changes);
const readerCounts = args.readers.split(',').map(Number);
const polls = numberOption(args, 'polls', { min: 0 });
if (!Number.isInteger(changes) || changes < 1 || changes > datasets)
  throw new Error('--changes must be 1 to --datasets');
if (readerCounts.some((count) => !Number.isInteger(count) || count < 1 || count > 32))
  throw new Error('--readers must list whole numbers from 1 to 32');

/** The server's batch (index-writer.ts, APPLY_BATCH). */
const BATCH = 500;

type TReader = {
  consumer: string;
  db: TDb;
  pool: pg.Pool;
  backendPid: number;
  writer: Database.Database;
  appliedAhead: Map<string, string>;
  queries: number;
  queryMs: number;
  rows: number;
};

async function openReader(url: string, index: number, dir: string): Promise<TReader> {
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 600_000 });
  const reader = { queries: 0, queryMs: 0 } as TReader;
  const db = new Kysely<TDatabase>({
    dialect: new PostgresDialect({ pool }),
    log(event) {
      reader.queries++;
      reader.queryMs += event.queryDurationMillis;
    },
  });
  const writer = new Database(path.join(dir, `reader-${index}.sqlite`));
  configureConnection(writer, { isWriter: true });
  createIndexSchema(writer);
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return Object.assign(reader, {
    consumer: `bench-reader-${index}`,
    db,
    pool,
    backendPid: rows[0]!.pid,
    writer,
    appliedAhead: new Map<string, string>(),
    rows: 0,
  });
}

/** Applies batches until the outbox holds nothing beyond the reader's cursor. */
async function drain(reader: TReader): Promise<void> {
  for (;;) {
    const batch = await applyOutboxBatch(reader.db, reader.writer, {
      consumer: reader.consumer,
      batchSize: BATCH,
      expirySeconds: 3600,
      appliedAhead: reader.appliedAhead,
    });
    reader.rows += batch.rows;
    if (batch.rows === 0) return;
  }
}

type TRun = {
  readers: number;
  rowsRead: number;
  queries: number;
  queryMsPerChange: number;
  postgresCpuMsPerChange: number;
  postgresCpuMsPerApplied: number;
  nodeCpuMsPerApplied: number;
  seconds: number;
  pollQueryMs: number;
  pollPostgresCpuMs: number;
  left: number;
};

async function run(url: string, readerCount: number): Promise<TRun> {
  const admin = createDatabase({ url, maxConnections: 2, applicationName: 'dsm-bench-outbox' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dsm-outbox-readers-'));
  const readers: TReader[] = [];
  try {
    await sql`truncate search_outbox, search_outbox_cursors`.execute(admin.db);
    for (let index = 0; index < readerCount; index++) readers.push(await openReader(url, index, dir));
    for (const reader of readers) await registerOutboxConsumer(reader.db, reader.consumer);
    const { rows: picked } = await sql<{ id: string }>`
      select id::text from offers where state = 'ACTIVE' order by random() limit ${changes}`.execute(admin.db);
    for (let start = 0; start < picked.length; start += BATCH) {
      const ids = picked.slice(start, start + BATCH).map((row) => row.id);
      await sql`insert into search_outbox (offer_id) select unnest(${ids}::uuid[])`.execute(admin.db);
    }
    for (const reader of readers) Object.assign(reader, { queries: 0, queryMs: 0, rows: 0 });
    const cpuBefore = readers.map((reader) => backendCpuMs(reader.backendPid));
    const nodeBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(readers.map(drain));
    const seconds = (performance.now() - started) / 1000;
    const node = process.cpuUsage(nodeBefore);
    const postgresCpu = readers.reduce(
      (sum, reader, index) => sum + backendCpuMs(reader.backendPid) - cpuBefore[index]!,
      0,
    );
    const queries = readers.reduce((sum, reader) => sum + reader.queries, 0);
    const queryMs = readers.reduce((sum, reader) => sum + reader.queryMs, 0);
    const rowsRead = readers.reduce((sum, reader) => sum + reader.rows, 0);
    const { rows: leftRows } = await sql<{ n: number }>`select count(*)::int as n from search_outbox`.execute(admin.db);
    // Each process polls once a second with nothing queued: one reader's cost of a poll.
    for (const reader of readers) Object.assign(reader, { queries: 0, queryMs: 0 });
    const pollCpuBefore = readers.map((reader) => backendCpuMs(reader.backendPid));
    for (let poll = 0; poll < polls; poll++) await Promise.all(readers.map(drain));
    const pollCpu = readers.reduce(
      (sum, reader, index) => sum + backendCpuMs(reader.backendPid) - pollCpuBefore[index]!,
      0,
    );
    const pollQueryMs = readers.reduce((sum, reader) => sum + reader.queryMs, 0);
    const applied = changes * readerCount;
    return {
      readers: readerCount,
      rowsRead,
      queries,
      queryMsPerChange: queryMs / changes,
      postgresCpuMsPerChange: postgresCpu / changes,
      postgresCpuMsPerApplied: postgresCpu / applied,
      nodeCpuMsPerApplied: (node.user + node.system) / 1000 / applied,
      seconds,
      pollQueryMs: polls ? pollQueryMs / (polls * readerCount) : Number.NaN,
      pollPostgresCpuMs: polls ? pollCpu / (polls * readerCount) : Number.NaN,
      left: leftRows[0]?.n ?? 0,
    };
  } finally {
    for (const reader of readers) {
      reader.writer.close();
      await reader.db.destroy();
    }
    await admin.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const database = await openBenchDatabase({
    name: 'dsm_bench_outbox',
    folder: 'bench-outbox',
    databaseUrl: args['database-url'],
  });
  try {
    const load = await loadCatalogue(database.url, datasets, 'realistic');
    const loadAverage = () =>
      os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(', ');
    const lines = [
      machineLine(),
      `Catalogue: ${datasets.toLocaleString('en-US')} offers (realistic corpus), load ${load}`,
      `${changes.toLocaleString('en-US')} changed offers queued per run, applied in batches of ${BATCH}; ${polls} empty polls per reader`,
      `Load average at the start (1, 5, 15 min): ${loadAverage()}`,
      '',
      '| readers | rows read | queries | query ms per change (all readers) | PostgreSQL CPU ms per change (all readers) | PostgreSQL CPU ms per reader and change | Node CPU ms per reader and change | s to apply | empty poll: query ms | empty poll: PostgreSQL CPU ms | rows left |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    for (const count of readerCounts) {
      const result = await run(database.url, count);
      const line = `| ${result.readers} | ${result.rowsRead.toLocaleString('en-US')} | ${result.queries} | ${result.queryMsPerChange.toFixed(3)} | ${result.postgresCpuMsPerChange.toFixed(3)} | ${result.postgresCpuMsPerApplied.toFixed(3)} | ${result.nodeCpuMsPerApplied.toFixed(3)} | ${result.seconds.toFixed(1)} | ${result.pollQueryMs.toFixed(2)} | ${result.pollPostgresCpuMs.toFixed(2)} | ${result.left} |`;
      process.stdout.write(`${line}\n`);
      lines.push(line);
    }
    lines.push(`Load average at the end (1, 5, 15 min): ${loadAverage()}`);
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    await database.stop();
  }
}

runBench(main);
