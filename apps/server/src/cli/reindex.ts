// `npm run reindex -- [--database-url URL]`: builds the search index again from the catalogue
// (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR) into SEARCH_INDEX_DIR. While a server uses
// that index, the server builds it: it answers from the old index meanwhile and switches when done.
// Bad arguments exit with 2, failures with 1.

import type { TConfig } from '../config/config';
import { indexOwner, renewSearchGeneration, SqliteSearchIndex } from '../modules/search/search';
import { DATABASE_TOOL_OPTIONS, databaseUrlOption, withCliDatabase } from './cli-database';
import { parseCliArgs, printLine, runCliTool } from './cli-tool';

const USAGE = `Usage: npm run reindex -- [--database-url URL]

Builds the search index again from the catalogue, into SEARCH_INDEX_DIR (default DATA_DIR/search-index).
When a server uses that index, it builds the new one itself and keeps answering from the old one until
the new one is complete.

  --database-url URL  PostgreSQL of the catalogue (default: DATABASE_URL, else the embedded one in DATA_DIR)`;

type TArguments = { databaseUrl: string | undefined };

function parseArguments(argv: string[]): TArguments | 'help' {
  const parsed = parseCliArgs({ args: argv, options: DATABASE_TOOL_OPTIONS });
  if (parsed.values.help) return 'help';
  const databaseUrl = databaseUrlOption(parsed.values['database-url']);
  return { databaseUrl };
}

async function reindex(args: TArguments, config: TConfig): Promise<void> {
  const options = { config, databaseUrl: args.databaseUrl, maxConnections: 2, applicationName: 'dsm-reindex' };
  await withCliDatabase(options, async (database, cli) => {
    await renewSearchGeneration(database.db);
    const owner = indexOwner(config.searchIndex.dir);
    if (owner !== null) {
      printLine(
        `A server (process ${owner}) uses the search index in ${config.searchIndex.dir}: it builds it again now.`,
      );
      return;
    }
    const started = performance.now();
    const index = await SqliteSearchIndex.open({ dir: config.searchIndex.dir, database, workers: 0, log: printLine });
    await index.close();
    printLine(
      `Search index of ${cli.description} built in ${config.searchIndex.dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

runCliTool({ usage: USAGE, parse: parseArguments, run: reindex, failure: 'Reindex failed' });
