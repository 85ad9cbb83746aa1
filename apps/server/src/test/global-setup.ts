import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database URL on the test server with the rights to create databases. */
    pgAdminUrl: string;
    /** Name of the migrated template every test database is copied from. */
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the whole run: embedded in a temporary folder, or the server of DATABASE_URL.
 * Migrations run once into a template; each test file copies it into a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.DATABASE_URL;
  let cleanup = async () => {};
  if (!adminUrl) {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-test-pg-'));
    // PostgreSQL runs as its own user when the tests run as root; it must reach its folder.
    await chmod(folder, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(folder, 'data'), isEphemeral: true });
    adminUrl = embedded.adminUrl;
    cleanup = async () => {
      await embedded.stop();
      await rm(folder, { recursive: true, force: true });
    };
  }
  const template = `dsm_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const handle = createDatabase({ url: templateUrl.toString(), maxConnections: 2 });
  await migrateToLatest(handle.db);
  await handle.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`dsm_test_${process.pid}_%`, template],
    );
    for (const row of leftovers.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.end();
    await cleanup();
  };
}
