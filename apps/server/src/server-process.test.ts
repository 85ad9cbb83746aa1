import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, findRunningEmbeddedPostgres } from './db/embedded-postgres';
import { loginWithPassword } from './idp/login-with-password';
import { DEMO_USERS } from './modules/users/demo-users';
import { startTcpProxy, type TTcpProxy } from './test/tcp-proxy';
import { createTestDatabase, type TTestDatabase } from './test/test-database';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const startScript = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'scripts', 'start.mjs');

type TOutcome =
  | { status: number; connection: string | undefined; completedAt: number }
  | { error: string; completedAt: number };

/** A search request (`POST /api/search`) to the process on `port` as the token's user, to write the body to. */
function requestSearch(
  to: { port: number; token: string; agent: http.Agent | false; headers?: Record<string, string> },
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  return http.request(
    {
      host: '127.0.0.1',
      port: to.port,
      method: 'POST',
      path: '/api/search',
      agent: to.agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${to.token}`, ...to.headers },
    },
    onResponse,
  );
}

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
    const req = requestSearch(
      { port, token, agent, headers: { 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        response.resume();
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, connection: response.headers.connection, completedAt: Date.now() }),
        );
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

type TAnswer = { status: number; retryAfter: string | undefined; connection: string | undefined; body: string };

/** The status, the headers this file looks at and the whole body of an answer. */
async function readAnswer(response: http.IncomingMessage): Promise<TAnswer> {
  let text = '';
  for await (const chunk of response) text += (chunk as Buffer).toString();
  return {
    status: response.statusCode ?? 0,
    retryAfter: response.headers['retry-after'],
    connection: response.headers.connection,
    body: text,
  };
}

/** A search on a kept-alive connection of `agent`. */
function searchOn(agent: http.Agent, port: number, token: string) {
  return new Promise<TAnswer>((resolve, reject) => {
    const body = JSON.stringify({ index: 0, pageSize: 10 });
    const req = requestSearch({ port, token, agent }, (response) => readAnswer(response).then(resolve, reject));
    req.on('error', reject);
    req.end(body);
  });
}

/** A plain request on a new connection: its answer, or the connection error's code. */
async function fresh(port: number, pathName: string): Promise<TAnswer | string> {
  return await new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathName, agent: false }, (response) => {
      readAnswer(response).then(resolve, (error: Error) => resolve(error.message));
    });
    req.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
  });
}

/** A complete HTTP answer read off a raw connection, or what the connection met instead. */
type TRawOutcome =
  | { status: number; headers: Record<string, string>; body: string }
  | { error: string; received: string };

/**
 * One request on a raw TCP connection, sent as soon as the kernel has completed the handshake,
 * whether or not the server has accepted the connection yet. `onSent` is called once the request
 * has been handed to the kernel. Answers when a whole response (by its Content-Length) has arrived,
 * or when the connection is reset or closed before that.
 */
function rawRequest(port: number, request: string, onSent: () => void): Promise<TRawOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = Buffer.alloc(0);
    let isDone = false;
    const finish = (outcome: TRawOutcome) => {
      if (isDone) return;
      isDone = true;
      socket.destroy();
      resolve(outcome);
    };
    socket.on('connect', () => socket.write(request, onSent));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const body = received.subarray(headEnd + 4);
      if (body.length < Number(headers['content-length'] ?? Number.POSITIVE_INFINITY)) return;
      finish({ status: Number(statusLine.split(' ')[1]), headers, body: body.toString() });
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish({ error: error.code ?? error.message, received: received.toString() }),
    );
    socket.on('close', () => finish({ error: 'closed without a complete response', received: received.toString() }));
  });
}

/** The state letter of a Linux process (R running, S sleeping, T stopped, ...). */
async function processState(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
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

/** A child process's output (standard and error) as it comes, and its exit code once it ends. */
function followed(child: ChildProcessWithoutNullStreams): { output: () => string; exited: Promise<number | null> } {
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited };
}

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
  return { port, child, ...followed(child) };
}

/**
 * Runs `run` on `startMain` reaching the test database through a TCP proxy, which can cut PostgreSQL away, and
 * kills the process if it still runs afterwards.
 */
async function withMainBehindProxy(
  options: { env?: Record<string, string> },
  run: (main: TMain, proxy: TTcpProxy) => Promise<void>,
): Promise<void> {
  const target = new URL(database.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const main = await startMain(proxy.urlThrough(database.url), options);
  try {
    await run(main, proxy);
  } finally {
    if (main.child.exitCode === null) main.child.kill('SIGKILL');
    await proxy.close();
  }
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
  it('finishes the requests in flight, answers new ones 503 with Connection: close, stops the jobs and exits 0 within 10 s', async () => {
    const { port, child, output, exited } = await startMain();
    try {
      const accessToken = await signInWhenRunning(port, output);
      // A kept-alive connection that is idle when the signal comes carries a request into the drain.
      const idleKeptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect(await searchOn(idleKeptAlive, port, accessToken)).toMatchObject({ status: 200, connection: 'keep-alive' });

      // Twelve searches held in flight for 1.5 s each; the signal comes while all of them wait.
      // One more rides a kept-alive connection, which its answer then closes.
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
      // The requests in flight hold the listener open: new connections are accepted and answered.
      const late = await searchOn(idleKeptAlive, port, accessToken);
      idleKeptAlive.destroy();
      const refused = await fresh(port, '/api/search');
      const ready = await fresh(port, '/readyz');
      const alive = await fresh(port, '/healthz');
      expect(await onKeptAlive).toMatchObject({ status: 200, connection: 'close' });
      keptAlive.destroy();

      const outcomes = await Promise.all(inFlight);
      const code = await exited;
      const exitMs = Date.now() - signalledAt;

      expect(outcomes).toHaveLength(12);
      for (const outcome of outcomes) {
        expect(outcome, output()).toMatchObject({ status: 200 });
        expect(outcome.completedAt).toBeGreaterThan(signalledAt);
      }
      // A request arriving during the drain, on a kept-alive or a new connection, gets the common
      // body, may retry, and is told to do so elsewhere.
      for (const answer of [late, refused]) {
        expect(answer).toMatchObject({ status: 503, retryAfter: '5', connection: 'close' });
        expect(JSON.parse((answer as TAnswer).body)).toMatchObject({
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'The server is restarting; retry in a few seconds',
        });
      }
      // A load balancer stops sending; a liveness probe still finds the process alive.
      expect(ready).toMatchObject({ status: 503, retryAfter: '5', connection: 'close' });
      expect(JSON.parse((ready as TAnswer).body)).toEqual({ status: 'unavailable' });
      expect(alive).toMatchObject({ status: 200, connection: 'close' });
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

  // The kernel completes a TCP handshake and queues the connection before the process accepts it.
  // The server is stopped (SIGSTOP) so that all 17 connections and their requests wait in its
  // listen queue when SIGTERM arrives, as they did under load; /proc tells when it has stopped.
  it.runIf(process.platform === 'linux')(
    'answers every connection that waited in the listen queue when SIGTERM came, instead of resetting it',
    async () => {
      const { port, child, output, exited } = await startMain();
      try {
        const accessToken = await signInWhenRunning(port, output);
        const body = JSON.stringify({ index: 0, pageSize: 10 });
        const request = [
          'POST /api/search HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          `Authorization: Bearer ${accessToken}`,
          '',
          body,
        ].join('\r\n');
        const pid = child.pid!;
        child.kill('SIGSTOP');
        await expect.poll(() => processState(pid), { timeout: 5_000, interval: 20 }).toBe('T');

        let sent = 0;
        let outcomes: Promise<TRawOutcome>[] = [];
        await new Promise<void>((resolve) => {
          outcomes = Array.from({ length: 17 }, () =>
            rawRequest(port, request, () => {
              sent += 1;
              if (sent === 17) resolve();
            }),
          );
        });
        child.kill('SIGTERM');
        child.kill('SIGCONT');

        const answers = await Promise.all(outcomes);
        expect(
          answers.filter((answer) => 'error' in answer),
          output(),
        ).toEqual([]);
        for (const answer of answers) {
          if (!('status' in answer) || answer.status === 200) continue;
          expect(answer.status).toBe(503);
          expect(answer.headers['retry-after']).toBe('5');
          expect(answer.headers.connection).toBe('close');
          expect(JSON.parse(answer.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        }
        expect(await exited, output()).toBe(0);
        expect(output()).toContain('Stopped cleanly');
      } finally {
        if (child.exitCode === null) {
          child.kill('SIGKILL');
          child.kill('SIGCONT');
        }
      }
    },
    120_000,
  );
});

describe('PostgreSQL stopping under the running process', () => {
  it('answers 503 and logs it, keeps its jobs alive, serves again when it is back, and still stops cleanly', async () => {
    await withMainBehindProxy({}, async ({ port, child, output, exited }, proxy) => {
      const accessToken = await signInWhenRunning(port, output);
      const search = (index = 0) =>
        fetch(`http://127.0.0.1:${port}/api/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ index, pageSize: 10 }),
        });
      expect((await search()).status).toBe(200);

      await proxy.cut();
      // A page whose offers were not read before: it needs PostgreSQL (the first page may be served from what
      // the search keeps for a few seconds).
      const refused = await search(1);
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
    });
  }, 120_000);
});

describe('SIGTERM during an outage of PostgreSQL', () => {
  it('stops cleanly and exits 0 although PostgreSQL cannot be reached, sandbox connectors included', async () => {
    // Their rows are removed on a stop: the step that failed the shutdown while PostgreSQL was away.
    await withMainBehindProxy(
      { env: { SANDBOX_CONNECTORS: 'true' } },
      async ({ port, child, output, exited }, proxy) => {
        await signInWhenRunning(port, output);
        await proxy.cut();
        expect(await fresh(port, '/readyz')).toMatchObject({ status: 503 });
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
      },
    );
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

describe('Ctrl-C in the terminal running `npm start`', () => {
  it('stops the server once and cleanly: its queues and pools before the embedded PostgreSQL, no forced exit', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-ctrl-c-'));
    // PostgreSQL runs as its own user when the tests run as root; it must reach its folder.
    await chmod(folder, 0o755);
    const port = await findFreePort();
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    // The start script in a process group of its own, as a terminal runs it: Ctrl-C signals the whole group.
    const child = spawn(process.execPath, [startScript], {
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: folder,
        SEED_DATASETS: '200',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        START_WEB_BUILD: 'skip',
      },
      stdio: 'pipe',
      detached: true,
    });
    const { output: outputSoFar, exited } = followed(child);
    try {
      await signInWhenRunning(port, outputSoFar);
      process.kill(-child.pid!, 'SIGINT');
      const code = await exited;
      const output = outputSoFar();
      expect(code, output).toBe(0);
      expect(output).toContain('Stopped cleanly');
      // The embedded PostgreSQL ended the job queues' connections (57P01) when it heard the Ctrl-C itself, and
      // the server, signalled by the terminal and by the start script, took the second signal for a forced exit.
      expect(output).not.toContain('57P01');
      expect(output).not.toContain('terminating connection');
      expect(output).not.toContain('Forced exit');
      await expect.poll(() => findRunningEmbeddedPostgres(path.join(folder, 'postgres'))).toBeNull();
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
