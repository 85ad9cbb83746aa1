import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import { findFreePort } from './db/embedded-postgres';
import { loginWithPassword } from './idp/login-with-password';
import { DEMO_USERS } from './modules/users/demo-users';
import { startServer } from './server';
import { useTemporaryFolder } from './test/lifecycle';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const mainFile = path.join(serverDir, 'main.ts');
const quiet = () => {};

/** The machine's own PostgreSQL, used to test the external-database mode. */
const EXTERNAL_ADMIN_URL = process.env.DSM_EXTERNAL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Signs in as the seeded demo buyer through the server's own provider, then counts the catalogue. */
async function searchTotal(baseUrl: string): Promise<number> {
  const buyer = DEMO_USERS[0]!;
  const tokens = await loginWithPassword({ baseUrl, email: buyer.email, password: buyer.password });
  const response = await fetch(`${baseUrl}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
    body: JSON.stringify({ index: 0, pageSize: 10 }),
  });
  const body = (await response.json()) as { total: number; message?: string };
  expect(response.status, body.message).toBe(200);
  return body.total;
}

type TRunningProcess = { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> };

function runMain(env: Record<string, string>): TRunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting; output so far:\n${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start with the embedded PostgreSQL', () => {
  const dataDir = useTemporaryFolder('dsm-start-', { isOpenToAll: true });

  it('seeds on the first start, reuses the data on the second, and stops cleanly on SIGTERM', async () => {
    const port = await findFreePort();
    const env = { PORT: String(port), DATA_DIR: dataDir.path, SEED_DATASETS: '300', DATABASE_URL: '' };

    const first = runMain(env);
    await waitFor(() => first.output().includes('running at'), 60_000, first.output);
    expect(first.output()).toContain('Seeded 300 demo offers');
    expect(first.output()).toContain(`http://localhost:${port}`);
    expect(await searchTotal(`http://127.0.0.1:${port}`)).toBe(300);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly');
    // PostgreSQL removes its pid file only on a clean shutdown.
    expect(existsSync(path.join(dataDir.path, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = runMain(env);
    await waitFor(() => second.output().includes('running at'), 60_000, second.output);
    expect(second.output()).not.toContain('Seeded');
    expect(await searchTotal(`http://127.0.0.1:${port}`)).toBe(300);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('stops with one line naming a bad setting and what it allows', async () => {
    const run = runMain({ PORT: 'eighty', DATA_DIR: dataDir.path });
    expect(await run.exited).toBe(2);
    expect(run.output().trim()).toMatch(/^Invalid configuration: PORT="eighty": .*number/);
    expect(run.output().trim().split('\n')).toHaveLength(1);
  }, 30_000);
});

describe('with DATABASE_URL: an external PostgreSQL', () => {
  const name = `dsm_external_${process.pid}_${Date.now()}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: EXTERNAL_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
  });

  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('migrates, seeds and serves from that server, and starts no embedded one', async () => {
    const url = new URL(EXTERNAL_ADMIN_URL);
    url.pathname = `/${name}`;
    const port = await findFreePort();
    const dataDir = path.join(os.tmpdir(), `dsm-external-${process.pid}`);
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SEED_DATASETS: '120',
      LOG_LEVEL: 'silent',
    });
    const server = await startServer({ config, log: quiet });
    try {
      expect(await searchTotal(`http://127.0.0.1:${port}`)).toBe(120);
      const direct = new pg.Client({ connectionString: url.toString() });
      await direct.connect();
      const { rows } = await direct
        .query<{ n: number }>('select count(*)::int as n from offers')
        .finally(() => direct.end());
      expect(rows[0]?.n).toBe(120);
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
