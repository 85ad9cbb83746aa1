import path from 'node:path';
import type { TConfig } from '../config/config';
import { findRunningEmbeddedPostgres, type TEmbeddedPostgres } from '../db/embedded-postgres';
import { EMBEDDED_DATABASE, openEmbeddedDatabase } from '../server';

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
