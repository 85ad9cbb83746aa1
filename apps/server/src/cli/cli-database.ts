import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig, type TConfig } from '../config/config';
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

/** A command line the tool cannot run: the message is shown with the usage. */
export class UsageError extends Error {}

/**
 * Parses the command line and loads the configuration; on a usage or configuration error it
 * prints the reason (and the usage) and exits with 2, and on `--help` prints the usage and
 * answers null.
 */
export function startCliTool<TArguments>(options: {
  usage: string;
  parse: (argv: string[]) => TArguments | 'help';
}): { args: TArguments; config: TConfig } | null {
  let args: TArguments | 'help';
  let config: TConfig;
  try {
    args = options.parse(process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n${error instanceof UsageError ? `${options.usage}\n` : ''}`);
      process.exit(2);
    }
    throw error;
  }
  if (args === 'help') {
    process.stdout.write(`${options.usage}\n`);
    return null;
  }
  return { args, config };
}

/**
 * Node's `parseArgs` for a tool's command line (strict by default: unknown options are refused); a line it
 * cannot read becomes a UsageError, shown with the usage.
 */
export function parseCliArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The `--database-url` option: a PostgreSQL URL, or undefined when not given. */
export function databaseUrlOption(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new UsageError('--database-url must be a postgres:// or postgresql:// URL');
  return value;
}
