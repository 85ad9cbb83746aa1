// `npm run backup -- [--out FILE] [--database-url URL]`: writes a gzip-compressed backup of the
// marketplace's database (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR, also while the
// server runs: the backup is one consistent snapshot). Bad arguments exit with 2, failures with 1.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { TConfig } from '../config/config';
import { backupDatabase } from '../db/backup-database';
import { DATABASE_TOOL_OPTIONS, databaseUrlOption, openCliDatabase } from './cli-database';
import { parseCliArgs, printLine, runCliTool } from './cli-tool';

const USAGE = `Usage: npm run backup -- [--out FILE] [--database-url URL]

Writes every table of the marketplace (catalogue, users, orders, connectors, harvest sources, ...)
as one consistent snapshot to FILE, gzip-compressed. Safe while the server runs.

  --out FILE          where to write (default: backups/dsm-<time>.backup.gz)
  --database-url URL  PostgreSQL to back up (default: DATABASE_URL, else the embedded one in DATA_DIR)

Restore with: npm run restore -- FILE`;

type TArguments = { out: string; databaseUrl: string | undefined };

function parseArguments(argv: string[]): TArguments | 'help' {
  const parsed = parseCliArgs({
    args: argv,
    options: { out: { type: 'string' }, ...DATABASE_TOOL_OPTIONS },
  });
  if (parsed.values.help) return 'help';
  const databaseUrl = databaseUrlOption(parsed.values['database-url']);
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const out =
    typeof parsed.values.out === 'string' ? parsed.values.out : path.join('backups', `dsm-${stamp}.backup.gz`);
  // npm runs scripts in the repository root; a relative path means the caller's folder.
  return {
    out: path.resolve(process.env.INIT_CWD ?? '.', out),
    databaseUrl,
  };
}

async function backUp(args: TArguments, config: TConfig): Promise<void> {
  const database = await openCliDatabase(config, args.databaseUrl, printLine);
  // Written aside and renamed at the end: a file at the target name is always a whole backup.
  const partial = `${args.out}.partial`;
  try {
    await mkdir(path.dirname(args.out), { recursive: true });
    const started = performance.now();
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial));
    const result = await backupDatabase({ url: database.url, output: gzip });
    gzip.end();
    await written;
    await rename(partial, args.out);
    const { size } = await stat(args.out);
    printLine(
      `Backed up ${result.rows} rows of ${result.tables} tables from ${database.description} to ${args.out} ` +
        `(${(size / 1024 / 1024).toFixed(1)} MiB, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await database.close().catch(() => {});
  }
}

runCliTool({ usage: USAGE, parse: parseArguments, run: backUp, failure: 'Backup failed' });
