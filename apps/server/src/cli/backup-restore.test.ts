import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { insertOfferOf, itemOf, SUPPLIER_A, SUPPLIER_B, sellFor } from '../modules/orders/orders-test-data';
import { placeOrder } from '../modules/orders/place-order';
import { saveOrganisationOfUser } from '../modules/organisations/organisations-repository';
import { useTemporaryFolder } from '../test/lifecycle';
import { runCli } from '../test/run-cli';
import { createTestDatabase, type TTestDatabase } from '../test/test-database';

/** Runs a command line tool as `npm run backup|restore` does, with its own environment. */
/** Every table of the product's schema with its row count and a hash of all its rows. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      // The search index's queue and generation are bookkeeping of a derived index, not catalogue data.
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
         and relname not in ('search_outbox', 'search_outbox_cursors', 'search_index_generation') order by relname`,
    );
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number; hash: string | null }>(
        `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as hash from public."${name}" t`,
      );
      result[name] = `${rows[0]?.n}:${rows[0]?.hash ?? ''}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Offers of two suppliers, a buyer, an order with its invoices and a like: rows in most tables. */
async function fillWithData(url: string): Promise<void> {
  const database = createDatabase({ url, maxConnections: 2, applicationName: 'dsm-test' });
  try {
    const db = database.db;
    const [first, second] = [
      await insertOfferOf(db, SUPPLIER_A, { title: 'Traffic counts Köln – "Ringe"\tTab', price: 12.5 }),
      await insertOfferOf(db, SUPPLIER_B, { title: 'Pegelstände\\Rhein', price: 3 }),
    ];
    const user = await db
      .insertInto('users')
      .values({ email: 'backup@example.org', name: 'Berta Backup', password_hash: 'x', roles: ['DSM_USER'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const buyer = { id: user.id, email: 'backup@example.org', name: 'Berta Backup', roles: ['DSM_USER'] };
    await saveOrganisationOfUser(db, buyer.id, {
      legal_name: 'Backup & Söhne GmbH',
      street: 'Rheinallee 3',
      postal_code: '40549',
      city: 'Düsseldorf',
      country: 'DE',
      vat_id: '',
      iban: '',
      bic: '',
      contact_email: buyer.email,
    });
    // Paid offers are sold only by an organisation with a complete invoice profile.
    await sellFor(db, SUPPLIER_A);
    await sellFor(db, SUPPLIER_B);
    await placeOrder({
      db,
      user: buyer,
      request: { consumerId: buyer.id, purchasedItems: [itemOf(first), itemOf(second)] },
      commissionRate: 0.1,
    });
    await db.insertInto('offer_likes').values({ offer_id: first.id, user_id: buyer.id }).execute();
  } finally {
    await database.close();
  }
}

const workDir = useTemporaryFolder('dsm-backup-', { isOpenToAll: true });

describe('npm run backup / npm run restore with DATABASE_URL', () => {
  let database: TTestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await fillWithData(database.url);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('brings back every row after the data was changed and dropped', async () => {
    const before = await fingerprint(database.url);
    const generationBefore = (
      await query<{ generation: string }>(database.url, 'select generation from search_index_generation')
    )[0]?.generation;
    expect(before.offers).toMatch(/^2:/);
    expect(before.orders).toMatch(/^1:/);
    expect(before.invoices).toMatch(/^2:/);

    const file = path.join(workDir.path, 'external.backup.gz');
    const backup = await runCli('backup', ['--out', file, '--database-url', database.url], {});
    expect(backup.output).toMatch(/Backed up \d+ rows of \d+ tables/);
    expect(backup.code).toBe(0);
    expect(
      gunzipSync(await readFile(file))
        .toString('utf8')
        .split('\n')[0],
    ).toBe('DSM-BACKUP 1');

    await query(
      database.url,
      `update offers set title = 'changed'; delete from offer_likes; delete from order_items;
       delete from invoices; delete from deliveries; delete from orders; drop table licences cascade`,
    );
    expect(await fingerprint(database.url)).not.toEqual(before);

    const restore = await runCli('restore', [file, '--database-url', database.url], {});
    expect(restore.output).toMatch(/Restored \d+ rows of \d+ tables from the backup of/);
    expect(restore.code).toBe(0);
    expect(await fingerprint(database.url)).toEqual(before);
    // Every search index built before describes another catalogue: the restore gives a new generation.
    const generation = await query<{ generation: string }>(
      database.url,
      'select generation from search_index_generation',
    );
    expect(generation).toHaveLength(1);
    expect(generation[0]?.generation).not.toBe(generationBefore);
  }, 60_000);

  it('refuses while another connection uses the database, and restores with --force', async () => {
    const file = path.join(workDir.path, 'busy.backup.gz');
    expect((await runCli('backup', ['--out', file, '--database-url', database.url], {})).code).toBe(0);
    const server = new pg.Client({ connectionString: database.url, application_name: 'dsm-server' });
    await server.connect();
    try {
      const refused = await runCli('restore', [file, '--database-url', database.url], {});
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Restore refused: 1 other connections use this database (dsm-server)');
      const forced = await runCli('restore', [file, '--database-url', database.url, '--force'], {});
      expect(forced.code, forced.output).toBe(0);
    } finally {
      await server.end();
    }
  }, 60_000);

  it('leaves the data as it was when the backup is cut off, and refuses a file that is no backup', async () => {
    const before = await fingerprint(database.url);
    const file = path.join(workDir.path, 'to-cut.backup.gz');
    expect((await runCli('backup', ['--out', file, '--database-url', database.url], {})).code).toBe(0);
    const whole = gunzipSync(await readFile(file)).toString('utf8');
    const cut = path.join(workDir.path, 'cut.backup.gz');
    // Cut inside the rows of a later table: the schema was dropped and rebuilt before the end is noticed.
    const offersRows = whole.indexOf('\n', whole.indexOf('TABLE {"name":"offers"')) + 1;
    await writeFile(cut, gzipSync(whole.slice(0, offersRows + 50)));
    const failed = await runCli('restore', [cut, '--database-url', database.url], {});
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('the file is incomplete');
    expect(await fingerprint(database.url)).toEqual(before);

    const other = path.join(workDir.path, 'other.gz');
    await writeFile(other, gzipSync('just some text\n'));
    const wrong = await runCli('restore', [other, '--database-url', database.url], {});
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('This is not a backup of the marketplace');

    const notGzip = path.join(workDir.path, 'plain.txt');
    await writeFile(notGzip, 'DSM-BACKUP 1\n');
    const unreadable = await runCli('restore', [notGzip, '--database-url', database.url], {});
    expect(unreadable.code).toBe(1);
    expect(unreadable.output).toContain('The backup cannot be read');
    expect(await fingerprint(database.url)).toEqual(before);

    const missing = await runCli('restore', [path.join(workDir.path, 'nope.gz'), '--database-url', database.url], {});
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('No such file');
  }, 60_000);
});

describe('npm run backup / npm run restore with the embedded PostgreSQL', () => {
  it('round-trips DATA_DIR, next to a running server and without one, and refuses to restore while it runs', async () => {
    const dataDir = path.join(workDir.path, 'data');
    const env = { DATA_DIR: dataDir };
    const file = path.join(workDir.path, 'embedded.backup.gz');
    // The server's cluster, as `npm start` leaves it: the dsm database, migrated and filled.
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: 0 });
    const url = server.urlFor('dsm');
    let before: Record<string, string>;
    try {
      await server.createDatabase('dsm');
      const database = createDatabase({ url, maxConnections: 1 });
      await migrateToLatest(database.db).finally(() => database.close());
      await fillWithData(url);
      before = await fingerprint(url);

      const backup = await runCli('backup', ['--out', file], env);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`from the embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`);
      const refused = await runCli('restore', [file], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Restore refused: The server is running on the embedded PostgreSQL in');
      await query(url, 'delete from offer_likes; update offers set price = 0');
      expect(await fingerprint(url)).not.toEqual(before);
    } finally {
      await server.stop();
    }

    // With no server running, the tools start the cluster themselves and stop it again.
    const restore = await runCli('restore', [file], env);
    expect(restore.code, restore.output).toBe(0);
    const second = await runCli('backup', ['--out', path.join(workDir.path, 'embedded-again.backup.gz')], env);
    expect(second.code, second.output).toBe(0);
    const again = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: 0 });
    try {
      expect(await fingerprint(again.urlFor('dsm'))).toEqual(before);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
