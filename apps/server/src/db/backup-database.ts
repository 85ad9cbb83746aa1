import { once } from 'node:events';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** First line of every backup; the number is the format's version. */
export const BACKUP_MAGIC = 'DSM-BACKUP 1';
/** The schema the product's migrations own; pg-boss keeps its queues in a schema of its own, not backed up. */
export const BACKUP_SCHEMA = 'public';

/** What a backup says about itself, on its second line. */
export type TBackupHeader = {
  createdAt: string;
  /** PostgreSQL's version string of the server it was made from. */
  serverVersion: string;
  /** The migrations applied to that database, in order; restore rebuilds the schema from them. */
  migrations: string[];
};

/** One table's section: its name and the columns its COPY lines carry, in that order. */
export type TBackupTable = { name: string; columns: string[] };

/** A sequence's state, so numbers handed out after a restore never repeat one in the data. */
export type TBackupSequence = { name: string; lastValue: string | null };

export type TBackupResult = { tables: number; rows: number };

/**
 * Tables a backup leaves out: the search index's queue of changes and the places of the indexes following it. A
 * restored catalogue gets a new search generation and every index is built again from it, so queued changes of the
 * old one mean nothing, and an index without a place builds itself again anyway.
 */
const NOT_BACKED_UP = ['search_outbox', 'search_outbox_cursors'];

export type TBackupDatabaseOptions = {
  url: string;
  /** Where the backup goes (a gzip stream, a file); it is not ended. */
  output: Writable;
  /** Told after each table. */
  onTable?: (table: string, rows: number) => void;
};

/** `"name"` with quotes doubled, for identifiers read from the catalog. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function write(output: Writable, text: string): Promise<void> {
  if (!output.write(text)) await once(output, 'drain');
}

/**
 * The tables in an order that loads every referenced table before the tables that reference it,
 * so a restore needs no superuser to switch foreign keys off; ties (and cycles) keep name order.
 */
export function referencedFirst(names: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const reference of references) if (reference.child === name) visit(reference.parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of [...names].sort()) visit(name);
  return ordered.filter((name) => names.includes(name));
}

/**
 * Writes a logical backup of the product's schema: every table's rows as COPY text in one
 * consistent snapshot (REPEATABLE READ), the applied migrations, and the sequences' positions.
 * Generated columns are left out: restore computes them again. The format is lines of text:
 *
 *   DSM-BACKUP 1
 *   {header as JSON}
 *   TABLE {"name":"offers","columns":[...]}
 *   ...COPY text rows...
 *   \.
 *   SEQUENCES [{"name":"invoice_number","lastValue":"41"}]
 *   END
 */
export async function backupDatabase(options: TBackupDatabaseOptions): Promise<TBackupResult> {
  const client = new pg.Client({ connectionString: options.url, application_name: 'dsm-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const schema = await client.query<{ name: string | null }>('select to_regclass($1) as name', [
      `${quoteIdentifier(BACKUP_SCHEMA)}.schema_migrations`,
    ]);
    if (!schema.rows[0]?.name) {
      throw new Error(
        'The database holds no marketplace yet (no migrations were applied): start the server once first',
      );
    }
    const version = await client.query<{ version: string }>('select version()');
    const migrations = await client.query<{ name: string }>(
      `select name from ${quoteIdentifier(BACKUP_SCHEMA)}.schema_migrations order by name`,
    );
    const tables = await client.query<{ name: string; columns: string[] }>(
      `select c.relname as name,
              array_agg(a.attname::text order by a.attnum) as columns
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where n.nspname = $1 and c.relkind in ('r', 'p') and c.relname <> all($2::text[])
        group by c.relname
        order by c.relname`,
      [BACKUP_SCHEMA, NOT_BACKED_UP],
    );
    const references = await client.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent
         from pg_constraint c
         join pg_class child on child.oid = c.conrelid
         join pg_class parent on parent.oid = c.confrelid
        where c.contype = 'f' and child.relnamespace = $1::regnamespace and child.oid <> parent.oid`,
      [BACKUP_SCHEMA],
    );
    const ordered = referencedFirst(
      tables.rows.map((table) => table.name),
      references.rows,
    );
    const byName = new Map(tables.rows.map((table) => [table.name, table]));
    const header: TBackupHeader = {
      createdAt: new Date().toISOString(),
      serverVersion: version.rows[0]?.version ?? '',
      migrations: migrations.rows.map((row) => row.name),
    };
    await write(options.output, `${BACKUP_MAGIC}\n${JSON.stringify(header)}\n`);

    let totalRows = 0;
    for (const table of ordered.map((name) => byName.get(name)!)) {
      const section: TBackupTable = { name: table.name, columns: table.columns };
      await write(options.output, `TABLE ${JSON.stringify(section)}\n`);
      const columns = table.columns.map(quoteIdentifier).join(', ');
      const source = client.query(
        copyTo(
          `copy (select ${columns} from ${quoteIdentifier(BACKUP_SCHEMA)}.${quoteIdentifier(table.name)}) to stdout`,
        ),
      );
      let rows = 0;
      for await (const chunk of source) {
        const buffer = chunk as Buffer;
        for (let index = buffer.indexOf(10); index !== -1; index = buffer.indexOf(10, index + 1)) rows += 1;
        if (!options.output.write(buffer)) await once(options.output, 'drain');
      }
      await write(options.output, '\\.\n');
      totalRows += rows;
      options.onTable?.(table.name, rows);
    }

    // Read last: a position taken after the rows is at least as far as any number they hold.
    const sequences = await client.query<{ name: string; last_value: string | null }>(
      `select sequencename as name, last_value::text from pg_sequences where schemaname = $1 order by sequencename`,
      [BACKUP_SCHEMA],
    );
    const positions: TBackupSequence[] = sequences.rows.map((row) => ({ name: row.name, lastValue: row.last_value }));
    await write(options.output, `SEQUENCES ${JSON.stringify(positions)}\nEND\n`);
    await client.query('commit');
    return { tables: tables.rows.length, rows: totalRows };
  } finally {
    await client.end();
  }
}
