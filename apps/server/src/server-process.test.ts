import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from './db/embedded-postgres';
import { loginWithPassword } from './idp/login-with-password';
import { DEMO_USERS } from './modules/users/demo-users';
import { startTcpProxy } from './test/tcp-proxy';
import { createTestDatabase, type TTestDatabase } from './test/test-database';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

type TOutcome = { status: number; completedAt: number } | { error: string; completedAt: number };

/**
 * A search whose body arrives in two parts `pauseMs` apart: the server holds it in flight for that
 * long, deterministically, whatever the machine's speed.
 */
function slowSearch(
  port: number,
  token: string,
  pauseMs: number,
  onFirstPart: () => void,
  agent: http.Agent | false = false,
): Promise<TOutcome> {
  const body = JSON.stringify({ index: 0, pageSize: 100 });
  return new Promise((resolve) => {
    const done = (outcome: TOutcome) => resolve(outcome);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/search',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => done({ status: response.statusCode ?? 0, completedAt: Date.now() }));
      },
    );
    req.on('error', (error) =>
      done({ error: (error as NodeJS.ErrnoException).code ?? error.message, completedAt: Date.now() }),
    );
    req.write(body.slice(0, 10), () => {
      onFirstPart();
      setTimeout(() => req.end(body.slice(10)), pauseMs);
    });
  });
}

/** A search on a kept-alive connection of `agent`: status, Retry-After and body. */
function searchOn(agent: http.Agent, port: number, token: string) {
  return new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
    const body = JSON.stringify({ index: 0, pageSize: 10 });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/search',
        agent,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A plain request on a new connection: its status, or the connection error's code. */
async function fresh(port: number, pathName: string): Promise<number | string> {
  return await new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathName, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
  });
}

type TMain = {
  port: number;
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * `npm start` as production runs it: main.ts in a process of its own, on the test database, or on
 * an embedded PostgreSQL of its own in `options.embeddedDataDir`.
 */
async function startMain(
  databaseUrl = database.url,
  options: { embeddedDataDir?: string; env?: Record<string, string> } = {},
): Promise<TMain> {
  const port = await findFreePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(options.embeddedDataDir ? {} : { DATABASE_URL: databaseUrl }),
      DATA_DIR: options.embeddedDataDir ?? dataDir,
      SEED_DATASETS: '200',
      // The demo files are tested on their own; writing them would only slow every start here.
      DEMO_DATA: 'false',
      SEARCH_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: 'pipe',
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { port, child, output: () => output, exited };
}

/** Waits for the server to say it runs, then signs in as the demo buyer through its provider. */
async function signInWhenRunning(port: number, output: () => string): Promise<string> {
  await expect.poll(() => output().includes('running at'), { timeout: 60_000, interval: 200 }).toBe(true);
  const buyer = DEMO_USERS[0]!;
  const tokens = await loginWithPassword({
    baseUrl: `http://127.0.0.1:${port}`,
    email: buyer.email,
    password: buyer.password,
  });
  return tokens.accessToken;
}

let database: TTestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dsm-shutdown-'));
});

afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('SIGTERM under load', () => {
  it('finishes the requests in flight, refuses new ones, stops the jobs and exits 0 within 10 s', async () => {
    const { port, child, output, exited } = await startMain();
    try {
      const accessToken = await signInWhenRunning(port, output);

      // Twelve searches held in flight for 1.5 s each; the signal comes while all of them wait.
      // One more rides a kept-alive connection, which then carries a second request into the drain.
      const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
      let started = 0;
      let inFlight: Promise<TOutcome>[] = [];
      let onKeptAlive: Promise<TOutcome> = Promise.resolve({ error: 'not started', completedAt: 0 });
      const allStarted = new Promise<void>((resolve) => {
        const onFirstPart = () => {
          started += 1;
          if (started === 13) resolve();
        };
        inFlight = Array.from({ length: 12 }, () => slowSearch(port, accessToken, 1_500, onFirstPart));
        onKeptAlive = slowSearch(port, accessToken, 1_500, onFirstPart, keptAlive);
      });
      await allStarted;
      await new Promise((resolve) => setTimeout(resolve, 100));

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      await expect
        .poll(() => output().includes('SIGTERM: finishing requests'), { timeout: 5_000, interval: 20 })
        .toBe(true);
      const refused = await fresh(port, '/api/search');
      expect(await onKeptAlive).toMatchObject({ status: 200 });
      const late = await searchOn(keptAlive, port, accessToken);
      keptAlive.destroy();

      const outcomes = await Promise.all(inFlight);
      const code = await exited;
      const exitMs = Date.now() - signalledAt;

      expect(outcomes).toHaveLength(12);
      for (const outcome of outcomes) {
        expect(outcome, output()).toMatchObject({ status: 200 });
        expect(outcome.completedAt).toBeGreaterThan(signalledAt);
      }
      // Refused; or reset, when it reached the listener's queue just before the listener closed.
      expect(['ECONNREFUSED', 'ECONNRESET']).toContain(refused);
      // A request arriving on an open connection during the drain gets the common body, and may retry.
      expect(late.status).toBe(503);
      expect(late.retryAfter).toBe('5');
      expect(JSON.parse(late.body)).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The server is restarting; retry in a few seconds',
      });
      expect(code, output()).toBe(0);
      expect(exitMs).toBeLessThan(10_000);
      expect(output()).toContain('Stopped cleanly');
      // The server, its job queues and the availability probe have let go of every connection.
      const { rows } = await database.pool.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
          where datname = current_database() and application_name <> 'dsm-test'`,
      );
      expect(rows).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);

  it('cuts a request that never finishes after the drain time and still exits 0 within 10 s', async () => {
    const { port, child, output, exited } = await startMain();
    try {
      const accessToken = await signInWhenRunning(port, output);
      let isSending = false;
      const stuck = slowSearch(port, accessToken, 60_000, () => {
        isSending = true;
      });
      const finishing = slowSearch(port, accessToken, 1_000, () => {});
      await expect.poll(() => isSending).toBe(true);

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      const exitMs = Date.now() - signalledAt;

      expect(await finishing).toMatchObject({ status: 200 });
      expect(await stuck).toHaveProperty('error');
      expect(code, output()).toBe(0);
      expect(exitMs).toBeLessThan(10_000);
      expect(output()).toContain('Requests still running after 6000 ms; closing their connections');
      expect(output()).toContain('Stopped cleanly');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('PostgreSQL stopping under the running process', () => {
  it('answers 503 and logs it, keeps its jobs alive, serves again when it is back, and still stops cleanly', async () => {
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const { port, child, output, exited } = await startMain(proxy.urlThrough(database.url));
    try {
      const accessToken = await signInWhenRunning(port, output);
      const search = () =>
        fetch(`http://127.0.0.1:${port}/api/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ index: 0, pageSize: 10 }),
        });
      expect((await search()).status).toBe(200);

      await proxy.cut();
      const refused = await search();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(((await refused.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
      await expect
        .poll(() => output().includes('PostgreSQL cannot be reached'), { timeout: 5_000, interval: 50 })
        .toBe(true);
      // The link checker's and the harvests' pg-boss workers poll and fail meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(child.exitCode).toBeNull();

      await proxy.restore();
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status, { timeout: 10_000, interval: 100 })
        .toBe(200);
      expect((await search()).status).toBe(200);
      expect(output()).toMatch(/PostgreSQL answers again after \d+\.\d s; serving/);

      child.kill('SIGTERM');
      expect(await exited, output()).toBe(0);
      expect(output()).not.toMatch(/unhandled|Unhandled/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await proxy.close();
    }
  }, 120_000);
});

describe('SIGTERM during an outage of PostgreSQL', () => {
  it('stops cleanly and exits 0 although PostgreSQL cannot be reached, sandbox connectors included', async () => {
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const { port, child, output, exited } = await startMain(proxy.urlThrough(database.url), {
      // Their rows are removed on a stop: the step that failed the shutdown while PostgreSQL was away.
      env: { SANDBOX_CONNECTORS: 'true' },
    });
    try {
      await signInWhenRunning(port, output);
      await proxy.cut();
      expect(await fresh(port, '/readyz')).toBe(503);
      await expect
        .poll(() => output().includes('PostgreSQL cannot be reached'), { timeout: 5_000, interval: 50 })
        .toBe(true);

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      expect(code, output()).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(output()).toContain('Stopped cleanly');
      expect(output()).not.toContain('Shutdown failed');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await proxy.close();
    }
  }, 120_000);
});

describe('the embedded PostgreSQL stopping under the running process', () => {
  it('is started again after a fast and a smart shutdown, serves within 15 s each time, and the server still stops cleanly', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-embedded-outage-'));
    // PostgreSQL runs as its own user when the tests run as root; it must reach its folder.
    await chmod(folder, 0o755);
    const { port, child, output, exited } = await startMain(undefined, { embeddedDataDir: folder });
    const postmasterPid = async () =>
      Number((await readFile(path.join(folder, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    try {
      const accessToken = await signInWhenRunning(port, output);
      const search = async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ index: 0, pageSize: 10 }),
        });
        const body = (await response.json()) as { code?: string };
        return { status: response.status, retryAfter: response.headers.get('retry-after'), code: body.code };
      };
      expect((await search()).status).toBe(200);

      // SIGINT is `pg_ctl stop -m fast`; SIGTERM a smart shutdown, which waits for the server's sessions.
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        const before = await postmasterPid();
        const stoppedAt = Date.now();
        process.kill(before, signal);
        const answers: Awaited<ReturnType<typeof search>>[] = [];
        // A smart shutdown keeps serving the sessions open until the server lets go of them: served
        // again means a new postmaster that answers.
        await expect
          .poll(
            async () => {
              const answer = await search();
              answers.push(answer);
              return answer.status === 200 && (await postmasterPid().catch(() => before)) !== before;
            },
            { timeout: 15_000, interval: 100 },
          )
          .toBe(true);
        expect(Date.now() - stoppedAt, output()).toBeLessThan(15_000);
        for (const answer of answers.filter((item) => item.status !== 200)) {
          expect(answer).toEqual({ status: 503, retryAfter: '5', code: 'SERVICE_UNAVAILABLE' });
        }
      }
      expect(output()).toContain('Embedded PostgreSQL runs again');

      child.kill('SIGTERM');
      expect(await exited, output()).toBe(0);
      expect(output()).toContain('Stopped cleanly');
      expect(output()).not.toContain('[object Object]');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
