import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type TDatabaseHandle, type TDb } from '../db/database';

export type TTestDatabase = TDatabaseHandle & {
  url: string;
  /** Closes the pools and drops the database. */
  drop(): Promise<void>;
};

let counter = 0;

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TTestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `dsm_test_${template.split('_')[2]}_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ url: url.toString(), maxConnections: 10, applicationName: 'dsm-test' });
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** How many rows of the table hold the value in the column. */
export async function countRowsWhere(db: TDb, table: string, column: string, value: unknown): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
  return rows[0]?.n ?? 0;
}
