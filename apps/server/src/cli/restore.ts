// `npm run restore -- FILE [--database-url URL] [--force]`: replaces the marketplace's data with a
// backup made by `npm run backup`, in one transaction (a failure leaves the data as it was).
// Refuses while the server uses the database. Bad arguments exit with 2, failures with 1.
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import type { TConfig } from '../config/config';
import { RestoreRefused, restoreDatabase } from '../db/restore-database';
import { DATABASE_TOOL_OPTIONS, databaseUrlOption, openCliDatabase } from './cli-database';
import { parseCliArgs, printLine, runCliTool, UsageError } from './cli-tool';

const USAGE = `Usage: npm run restore -- FILE [--database-url URL] [--force]

Replaces every table of the marketplace with the backup in FILE (made by npm run backup), in one
transaction. Stop the server first: the restore refuses while other connections use the database.

  --database-url URL  PostgreSQL to restore into (default: DATABASE_URL, else the embedded one in DATA_DIR)
  --force             restore although other connections use the database`;

type TArguments = { file: string; databaseUrl: string | undefined; isForced: boolean };

function parseArguments(argv: string[]): TArguments | 'help' {
  const parsed = parseCliArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, ...DATABASE_TOOL_OPTIONS },
  });
  if (parsed.values.help) return 'help';
  const [file, ...rest] = parsed.positionals;
  if (!file) throw new UsageError('Name the backup file to restore');
  if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest[0]}`);
  // npm runs scripts in the repository root; a relative path means the caller's folder.
  const resolved = path.resolve(process.env.INIT_CWD ?? '.', file);
  if (!existsSync(resolved)) throw new UsageError(`No such file: ${file}`);
  const databaseUrl = databaseUrlOption(parsed.values['database-url']);
  return {
    file: resolved,
    databaseUrl,
    isForced: parsed.values.force === true,
  };
}

async function restore(args: TArguments, config: TConfig): Promise<void> {
  const database = await openCliDatabase(config, args.databaseUrl, printLine);
  try {
    if (database.isServerRunning && !args.isForced) {
      throw new RestoreRefused(
        `The server is running on ${database.description}: stop it first (Ctrl-C or SIGTERM), then restore`,
      );
    }
    const started = performance.now();
    const file = createReadStream(args.file);
    const input = createGunzip();
    file.on('error', (error) => input.destroy(error));
    const result = await restoreDatabase({
      url: database.url,
      input: file.pipe(input),
      isForced: args.isForced,
    });
    printLine(
      `Restored ${result.rows} rows of ${result.tables} tables from the backup of ${result.createdAt} ` +
        `into ${database.description} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await database.close().catch(() => {});
  }
}

runCliTool({
  usage: USAGE,
  parse: parseArguments,
  run: restore,
  failure: (error) => (error instanceof RestoreRefused ? 'Restore refused' : 'Restore failed'),
});
