// Several server processes behind HAProxy, on one PostgreSQL: started, watched, restarted one at a time and stopped.
// Used by `npm run cluster` (scripts/cluster.mjs), its test (`npm run test:cluster`) and `bench:search --processes`.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHaproxy, renderHaproxyConfig } from './haproxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainFile = path.join(root, 'apps/server/src/main.ts');
/** What each source's output keeps in memory (its tail), in characters. */
const OUTPUT_KEPT = 2_000_000;
/** How long a stopping process may take before it is killed: the server's own limit is 10 s. */
const STOP_LIMIT_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET `url`: its status, or 0 when it could not be reached. */
async function statusOf(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** A child's output, kept as a tail and handed on line by line. */
function collectOutput(child, source, onLine) {
  let kept = '';
  let partial = '';
  const take = (chunk) => {
    const text = chunk.toString();
    kept = (kept + text).slice(-OUTPUT_KEPT);
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine?.(source, line);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => kept;
}

/** `show stat` of HAProxy's stats socket: each process's state (UP, DOWN, MAINT, ...) by name. */
function readServerStates(socketPath, backend) {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = net.createConnection(socketPath, () => socket.end('show stat\n'));
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [header = '', ...rows] = text.split('\n').filter(Boolean);
      const columns = header.replace(/^# /, '').split(',');
      const at = (name) => columns.indexOf(name);
      const states = {};
      for (const row of rows) {
        const cells = row.split(',');
        const server = cells[at('svname')];
        if (cells[at('pxname')] !== backend || server === 'BACKEND' || server === 'FRONTEND') continue;
        states[server] = (cells[at('status')] ?? '').split(' ')[0];
      }
      resolve(states);
    });
  });
}

/**
 * Starts `processes` server processes and HAProxy in front of them. The first process starts alone (it migrates
 * and seeds), the others after it is ready. Each process gets its own PORT (`port + 1`, `port + 2`, ...) and
 * SEARCH_INDEX_DIR (in `runDir`); all share DATABASE_URL, DATA_DIR (its key files) and PUBLIC_URL, the
 * balancer's address, so tokens and links are the same whichever process answers.
 */
export async function startCluster(options) {
  const {
    processes: count,
    databaseUrl,
    port,
    host = '127.0.0.1',
    runDir,
    env = {},
    onLine,
    readyTimeoutMs = 180_000,
  } = options;
  const haproxyPath = ensureHaproxy();
  const publicUrl = options.publicUrl ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const balancerUrl = `http://127.0.0.1:${port}`;
  mkdirSync(runDir, { recursive: true });
  const children = new Set();
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.on('exit', killAll);

  const makeProcess = (index) => {
    const name = `p${index + 1}`;
    const processPort = port + 1 + index;
    const processUrl = `http://127.0.0.1:${processPort}`;
    const processEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      SEARCH_INDEX_DIR: path.join(runDir, name, 'search-index'),
      ...env,
      PORT: String(processPort),
    };
    let child = null;
    let output = () => '';
    let previousOutput = '';
    let exited = Promise.resolve();
    const self = {
      name,
      port: processPort,
      url: processUrl,
      /** The running child's pid, or undefined. */
      get pid() {
        return child?.exitCode === null && child.signalCode === null ? child.pid : undefined;
      },
      /** Everything this process printed, over all its starts. */
      output: () => previousOutput + output(),
      /** Starts the process (again) and waits until its /readyz answers 200. */
      async start() {
        if (self.pid !== undefined) throw new Error(`${name} runs already`);
        previousOutput += output();
        const started = spawn(process.execPath, ['--import', 'tsx', mainFile], {
          cwd: root,
          env: processEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
          // Out of the terminal's process group: Ctrl-C reaches the processes once, as the SIGTERM of stop().
          detached: true,
        });
        child = started;
        children.add(started);
        output = collectOutput(started, name, onLine);
        exited = new Promise((resolve) =>
          started.once('exit', () => {
            children.delete(started);
            resolve();
          }),
        );
        const deadline = Date.now() + readyTimeoutMs;
        while ((await statusOf(`${processUrl}/readyz`)) !== 200) {
          if (started.exitCode !== null || started.signalCode !== null) {
            throw new Error(`${name} exited while starting:\n${output().slice(-4000)}`);
          }
          if (Date.now() > deadline) throw new Error(`${name} was not ready within ${readyTimeoutMs} ms`);
          await sleep(200);
        }
      },
      /** Sends `signal` to the running process. */
      kill(signal = 'SIGTERM') {
        child?.kill(signal);
      },
      /** Resolves when the current run of the process has ended. */
      exited: () => exited,
      /** SIGTERM (the server drains, then stops), SIGKILL after 15 s; resolves when it has ended. */
      async stop() {
        if (self.pid === undefined) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child?.kill('SIGKILL'), STOP_LIMIT_MS);
        await exited;
        clearTimeout(timer);
      },
    };
    return self;
  };

  const members = Array.from({ length: count }, (_, index) => makeProcess(index));
  const statsSocket = path.join(runDir, 'haproxy.sock');
  const configPath = path.join(runDir, 'haproxy.cfg');
  writeFileSync(
    configPath,
    renderHaproxyConfig({
      bind: `${host}:${port}`,
      statsSocket,
      healthHost: new URL(publicUrl).host,
      servers: members.map((member) => ({ name: member.name, host: '127.0.0.1', port: member.port })),
    }),
  );
  let haproxy = null;
  let haproxyOutput = () => '';
  const serverStates = () => readServerStates(statsSocket, 'processes');

  /** Waits until HAProxy reports `name` in `state` (UP, DOWN), at most `timeoutMs`. */
  const waitForState = async (name, state, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = await serverStates().catch(() => ({}));
      if (states[name] === state) return;
      if (Date.now() > deadline) {
        throw new Error(`HAProxy did not report ${name} ${state} within ${timeoutMs} ms (${JSON.stringify(states)})`);
      }
      await sleep(100);
    }
  };

  const stop = async () => {
    await Promise.all(members.map((member) => member.stop()));
    if (haproxy && haproxy.exitCode === null) {
      const ended = new Promise((resolve) => haproxy.once('exit', resolve));
      haproxy.kill('SIGTERM');
      await ended;
    }
    process.off('exit', killAll);
  };

  try {
    await members[0]?.start();
    await Promise.all(members.slice(1).map((member) => member.start()));
    haproxy = spawn(haproxyPath, ['-f', configPath, '-db'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(haproxy);
    haproxy.once('exit', () => children.delete(haproxy));
    haproxyOutput = collectOutput(haproxy, 'haproxy', onLine);
    await Promise.all(members.map((member) => waitForState(member.name, 'UP')));
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${haproxyOutput()}`);
  }

  return {
    /** The balancer's address, for requests. */
    url: balancerUrl,
    publicUrl,
    processes: members,
    configPath,
    /** HAProxy's log: one line per request, with the process that answered, the retries and the request id. */
    haproxyLog: () => haproxyOutput(),
    serverStates,
    waitForState,
    /** Restarts the processes one after the other, each once the one before is back in HAProxy's rotation. */
    async rollingRestart() {
      for (const member of members) {
        await member.stop();
        await member.start();
        await waitForState(member.name, 'UP');
      }
    },
    stop,
  };
}
