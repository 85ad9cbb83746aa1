import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  BACKUP_MAGIC,
  BACKUP_SCHEMA,
  quoteIdentifier,
  type TBackupHeader,
  type TBackupSequence,
  type TBackupTable,
} from './backup-database';
import { migrateTo } from './database';
import { migrations } from './migrations/index';
import type { TDatabase } from './schema';

/** A restore that was not started, with the reason to show; the database is as it was. */
export class RestoreRefused extends Error {}

export type TRestoreDatabaseOptions = {
  url: string;
  /** The backup as text (already decompressed). */
  input: Readable;
  /** Restore although other sessions use the database (a running server would then serve data that changed under it). */
  isForced?: boolean;
  /** Told after each table. */
  onTable?: (table: string, rows: number) => void;
};

export type TRestoreResult = { tables: number; rows: number; migrations: string[]; createdAt: string };

const NEWLINE = 10;
const END_LINE = Buffer.from('END\n');
/** COPY text's end of data, which no row can be: a backslash in data is written as two. */
const END_OF_ROWS = Buffer.from('\\.\n');

/**
 * The lines of a stream, each with its newline (the last one may lack it when the file is cut
 * off). Chunks are read only as lines are taken, so a restore holds one chunk, not the file.
 */
export async function* splitLines(input: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const data = rest.length > 0 ? Buffer.concat([rest, bytes]) : bytes;
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      yield data.subarray(start, end + 1);
      start = end + 1;
    }
    rest = data.subarray(start);
  }
  if (rest.length > 0) yield rest;
}

/** A backup's JSON line; a damaged one refuses the restore. */
function parseJson<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new RestoreRefused(`The backup is damaged: "${text.slice(0, 40)}" is not what it should hold`);
  }
}

/** Kysely over the one connection the restore's transaction runs on. */
function kyselyOn(client: pg.Client): Kysely<TDatabase> {
  const connection = Object.assign(client, { release: () => {} });
  const pool = { connect: async () => connection, end: async () => {} };
  return new Kysely<TDatabase>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

/**
 * Replaces the product's schema with a backup's, in one transaction: the schema is dropped, rebuilt
 * by the backup's migrations, every table is loaded with COPY and the sequences are set. Anything
 * going wrong (a cut-off file, a bad row) rolls all of it back and leaves the database as it was.
 * Refuses a backup of a newer version (a migration unknown here) and, unless forced, a database
 * other sessions use.
 */
export async function restoreDatabase(options: TRestoreDatabaseOptions): Promise<TRestoreResult> {
  const lines = splitLines(options.input);
  const pull = async () => {
    try {
      return await lines.next();
    } catch (error) {
      throw new RestoreRefused(`The backup cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let ahead = await pull();
  // One line of look-ahead: only END may be the last line, so a file cut off anywhere (even inside
  // a row) is refused before its last piece reaches the database.
  const nextLine = async (): Promise<Buffer> => {
    if (ahead.done) throw new RestoreRefused('The backup ends early: the file is incomplete');
    const line = ahead.value;
    ahead = await pull();
    if (line.at(-1) !== NEWLINE || (ahead.done && !line.equals(END_LINE))) {
      throw new RestoreRefused('The backup ends early: the file is incomplete');
    }
    return line;
  };
  const next = async (): Promise<string> => {
    const line = await nextLine();
    return line.toString('utf8', 0, line.length - 1);
  };
  if (ahead.done || ahead.value.toString('utf8').replace(/\n$/, '') !== BACKUP_MAGIC) {
    throw new RestoreRefused(`This is not a backup of the marketplace (its first line is not "${BACKUP_MAGIC}")`);
  }
  await next();
  const header = parseJson<TBackupHeader>(await next());
  const unknown = header.migrations.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `The backup was made by a newer version (its migration ${unknown[0]} is unknown here): restore it with that version`,
    );
  }
  const last = header.migrations.at(-1);
  if (!last) throw new RestoreRefused('The backup holds no schema (no migrations were applied to its database)');

  const client = new pg.Client({ connectionString: options.url, application_name: 'dsm-restore' });
  client.on('error', () => {});
  await client.connect();
  try {
    if (!options.isForced) {
      const { rows } = await client.query<{ name: string }>(
        `select coalesce(nullif(application_name, ''), 'unnamed') as name from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      if (rows.length > 0) {
        const names = [...new Set(rows.map((row) => row.name))].join(', ');
        throw new RestoreRefused(
          `${rows.length} other connections use this database (${names}): stop the server first, or pass --force`,
        );
      }
    }
    await client.query('begin');
    await client.query(`drop schema if exists ${quoteIdentifier(BACKUP_SCHEMA)} cascade`);
    await client.query(`create schema ${quoteIdentifier(BACKUP_SCHEMA)}`);
    await migrateTo(kyselyOn(client), last, true);
    // Migrations may seed rows of their own; the backup's rows replace them.
    const { rows: existing } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p')`,
      [BACKUP_SCHEMA],
    );
    if (existing.length > 0) {
      const qualified = existing.map((row) => `${quoteIdentifier(BACKUP_SCHEMA)}.${quoteIdentifier(row.name)}`);
      await client.query(`truncate ${qualified.join(', ')}`);
    }

    // Building an index once over the loaded rows is far quicker than growing it row by row (the
    // search's GIN indexes above all); those behind keys stay, the foreign keys need them.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = $1
          and not exists (
            select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
          )`,
      [BACKUP_SCHEMA],
    );
    for (const index of indexes) {
      await client.query(`drop index ${quoteIdentifier(BACKUP_SCHEMA)}.${quoteIdentifier(index.name)}`);
    }

    let tables = 0;
    let totalRows = 0;
    for (;;) {
      const line = await next();
      if (line === 'END') break;
      if (line.startsWith('SEQUENCES ')) {
        for (const sequence of parseJson<TBackupSequence[]>(line.slice('SEQUENCES '.length))) {
          const name = `${quoteIdentifier(BACKUP_SCHEMA)}.${quoteIdentifier(sequence.name)}`;
          if (sequence.lastValue === null) await client.query('select setval($1::regclass, 1, false)', [name]);
          else await client.query('select setval($1::regclass, $2::bigint, true)', [name, sequence.lastValue]);
        }
        continue;
      }
      if (!line.startsWith('TABLE '))
        throw new RestoreRefused(`The backup is damaged: unexpected line "${line.slice(0, 40)}"`);
      const section = parseJson<TBackupTable>(line.slice('TABLE '.length));
      const target = `${quoteIdentifier(BACKUP_SCHEMA)}.${quoteIdentifier(section.name)}`;
      const sink = client.query(
        copyFrom(`copy ${target} (${section.columns.map(quoteIdentifier).join(', ')}) from stdin`),
      );
      // Every failure of the COPY is also the transaction's: one listener keeps it from being unhandled.
      sink.on('error', () => {});
      const finished = once(sink, 'finish');
      const failed = once(sink, 'error').then(([error]) => {
        throw error;
      });
      failed.catch(() => {});
      try {
        for (;;) {
          const row = await nextLine();
          if (row.equals(END_OF_ROWS)) break;
          if (!sink.write(row)) await Promise.race([once(sink, 'drain'), failed]);
        }
      } catch (error) {
        // CopyFail ends the COPY, so the rollback that follows is not stuck behind it.
        sink.destroy(error instanceof Error ? error : new Error(String(error)));
        await Promise.race([once(sink, 'close'), failed]).catch(() => {});
        throw error;
      }
      sink.end();
      await Promise.race([finished, failed]);
      tables += 1;
      totalRows += sink.rowCount;
      options.onTable?.(section.name, sink.rowCount);
    }
    await client.query(`set local maintenance_work_mem = '256MB'`);
    for (const index of indexes) await client.query(index.definition);
    // A search index built before the restore describes another catalogue: a new generation makes every
    // server build its index again, which also covers the changes the copy queued.
    const schema = quoteIdentifier(BACKUP_SCHEMA);
    const { rows: searchTables } = await client.query<{ present: boolean }>(
      `select to_regclass($1) is not null as present`,
      [`${schema}.search_index_generation`],
    );
    if (searchTables[0]?.present) {
      await client.query(`update ${schema}.search_index_generation set generation = gen_random_uuid()`);
      await client.query(`delete from ${schema}.search_outbox`);
    }
    await client.query('commit');
    return { tables, rows: totalRows, migrations: header.migrations, createdAt: header.createdAt };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
