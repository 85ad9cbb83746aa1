import path from 'node:path';
import type { TConfig } from '../config/config';
import { createDatabase, migrateToLatest, type TDatabaseHandle } from '../db/database';
import { findRunningEmbeddedPostgres, type TEmbeddedPostgres } from '../db/embedded-postgres';
import { EMBEDDED_DATABASE, openEmbeddedDatabase } from '../server';
import { printLine, UsageError } from './cli-tool';

/** The database a command line tool works on, and how it got there. */
export type TCliDatabase = {
  url: string;
  /** True when the embedded PostgreSQL of DATA_DIR already ran: a server holds it. */
  isServerRunning: boolean;
  /** Where the data lives, for messages. */
  description: string;
  /** Stops the embedded PostgreSQL when the tool started it. */
  close(): Promise<void>;
};

/**
 * `--database-url`, else DATABASE_URL, else the embedded PostgreSQL in DATA_DIR: the running
 * server's own cluster when it runs (a second start on the same folder would fail), or one the
 * tool starts and stops itself.
 */
export async function openCliDatabase(
  config: TConfig,
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<TCliDatabase> {
  const url = databaseUrl ?? config.databaseUrl;
  if (url) {
    const shown = new URL(url);
    return {
      url,
      isServerRunning: false,
      description: `${shown.hostname}:${shown.port || 5432}${shown.pathname}`,
      close: async () => {},
    };
  }
  const dataDir = path.join(config.dataDir, 'postgres');
  const running = findRunningEmbeddedPostgres(dataDir);
  if (running) {
    return {
      url: running.urlFor(EMBEDDED_DATABASE),
      isServerRunning: true,
      description: `the embedded PostgreSQL in ${dataDir}`,
      close: async () => {},
    };
  }
  const opened: { embedded: TEmbeddedPostgres; url: string } | null = await openEmbeddedDatabase(
    { ...config, databaseUrl: undefined },
    log,
  );
  return {
    url: opened!.url,
    isServerRunning: false,
    description: `the embedded PostgreSQL in ${dataDir}`,
    close: () => opened!.embedded.stop(),
  };
}

export type TCliDatabaseOptions = {
  config: TConfig;
  /** `--database-url`, if given. */
  databaseUrl: string | undefined;
  /** Connections of the tool's pool. */
  maxConnections: number;
  /** How the tool's connections show in pg_stat_activity. */
  applicationName: string;
  /** Told about an embedded PostgreSQL starting (default: printed). */
  log?: (line: string) => void;
};

/**
 * Runs `work` on the tool's database (openCliDatabase) through a pool of its own, migrated to the latest schema,
 * and closes both afterwards.
 */
export async function withCliDatabase<T>(
  options: TCliDatabaseOptions,
  work: (database: TDatabaseHandle, cli: TCliDatabase) => Promise<T>,
): Promise<T> {
  const { config, databaseUrl, maxConnections, applicationName, log = printLine } = options;
  const cli = await openCliDatabase(config, databaseUrl, log);
  let database: TDatabaseHandle | null = null;
  try {
    database = createDatabase({ url: cli.url, maxConnections, applicationName });
    await migrateToLatest(database.db);
    return await work(database, cli);
  } finally {
    await database?.close().catch(() => {});
    await cli.close().catch(() => {});
  }
}

/** The options of every tool that works on the marketplace's database, beside its own. */
export const DATABASE_TOOL_OPTIONS = {
  'database-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The `--database-url` option: a PostgreSQL URL, or undefined when not given. */
export function databaseUrlOption(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new UsageError('--database-url must be a postgres:// or postgresql:// URL');
  return value;
}
