// `npm run reindex -- [--database-url URL]`: builds the search index again from the catalogue
// (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR) into SEARCH_INDEX_DIR. While a server uses
// that index, the server builds it: it answers from the old index meanwhile and switches when done.
// Bad arguments exit with 2, failures with 1.
import { createDatabase, migrateToLatest } from '../db/database';
import { indexOwner, renewSearchGeneration, SqliteSearchIndex } from '../modules/search/search';
import { databaseUrlOption, openCliDatabase, parseCliArgs, startCliTool } from './cli-database';

const USAGE = `Usage: npm run reindex -- [--database-url URL]

Builds the search index again from the catalogue, into SEARCH_INDEX_DIR (default DATA_DIR/search-index).
When a server uses that index, it builds the new one itself and keeps answering from the old one until
the new one is complete.

  --database-url URL  PostgreSQL of the catalogue (default: DATABASE_URL, else the embedded one in DATA_DIR)`;

type TArguments = { databaseUrl: string | undefined };

function parseArguments(argv: string[]): TArguments | 'help' {
  const parsed = parseCliArgs({
    args: argv,
    options: { 'database-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (parsed.values.help) return 'help';
  const databaseUrl = databaseUrlOption(parsed.values['database-url']);
  return { databaseUrl };
}

async function main(): Promise<void> {
  const invocation = startCliTool({ usage: USAGE, parse: parseArguments });
  if (!invocation) return;
  const { args, config } = invocation;
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const cli = await openCliDatabase(config, args.databaseUrl, log);
  const database = createDatabase({ url: cli.url, maxConnections: 2, applicationName: 'dsm-reindex' });
  try {
    await migrateToLatest(database.db);
    await renewSearchGeneration(database.db);
    const owner = indexOwner(config.searchIndex.dir);
    if (owner !== null) {
      log(`A server (process ${owner}) uses the search index in ${config.searchIndex.dir}: it builds it again now.`);
      return;
    }
    const started = performance.now();
    const index = await SqliteSearchIndex.open({ dir: config.searchIndex.dir, database, workers: 0, log });
    await index.close();
    log(
      `Search index of ${cli.description} built in ${config.searchIndex.dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close().catch(() => {});
    await cli.close().catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`Reindex failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
