import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createDatabaseAvailability, type TDatabaseAvailability } from './database-availability';
import { migrations } from './migrations/index';
import { runPreparedStatementsByName } from './prepared-statements';
import type { TDatabase } from './schema';

// Numeric and bigint arrive as strings; dates as Date. int8 counts are parsed where they are read.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type TDb = Kysely<TDatabase>;

export type TDatabaseHandle = {
  /** Reads and writes. */
  db: TDb;
  /** Search reads: a replica when DATABASE_READ_URLS is set, otherwise the primary. */
  readDb: TDb;
  pool: pg.Pool;
  /**
   * Background jobs (harvests, link checks): a small pool of its own on the primary, so their long
   * transactions never take a connection a search, a detail page or an order is waiting for.
   */
  backgroundDb: TDb;
  backgroundPool: pg.Pool;
  /** The pools of the read replicas (DATABASE_READ_URLS), in their order; none when searches read the primary. */
  readPools: pg.Pool[];
  /** Whether the primary can be reached; requests fail fast with 503 while it cannot. */
  availability: TDatabaseAvailability;
  close(): Promise<void>;
};

export type TCreateDatabaseOptions = {
  url: string;
  readUrls?: string[];
  /** Connections per pool of requests (the primary's and each replica's). */
  maxConnections?: number;
  /** Connections of the background jobs' pool (4 by default), opened only when a job needs them. */
  backgroundConnections?: number;
  applicationName?: string;
  /** Told when the primary becomes unreachable and when it answers again. */
  onAvailabilityChange?: (isAvailable: boolean, error?: unknown) => void;
  /** Time between two probes of the primary while it answers; 0 or unset probes only after a failure. */
  heartbeatMs?: number;
  /**
   * How long an idle connection stays open (30 s by default). A PostgreSQL in smart shutdown waits for
   * every open session, and only the main pool is cut when an outage is noticed: a pool of another
   * thread keeps its idle connections short.
   */
  idleTimeoutMs?: number;
};

/** Background jobs queue for their pool's few connections; they may wait longer for one than a request may. */
const BACKGROUND_CONNECT_TIMEOUT_MS = 30_000;

function createPool(
  url: string,
  max: number,
  applicationName: string,
  idleTimeoutMs = 30_000,
  connectTimeoutMs = 3_000,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    // A stopped or unreachable PostgreSQL answers the caller with 503 within seconds, not minutes.
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    idleTimeoutMillis: idleTimeoutMs,
    // A runaway query must not hold a connection for ever.
    statement_timeout: 30_000,
  });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client emits its socket's failure as 'error' too, and the pool listens only while
  // it is idle: without this, PostgreSQL stopping under a transaction would crash the process. The
  // query under way still fails, and the pool drops the broken client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    runPreparedStatementsByName(client);
  });
  return pool;
}

/** Opens the pools for the primary and the read replicas. */
export function createDatabase(options: TCreateDatabaseOptions): TDatabaseHandle {
  const max = options.maxConnections ?? 20;
  const name = options.applicationName ?? 'dsm-server';
  const pool = createPool(options.url, max, name, options.idleTimeoutMs);
  const db = new Kysely<TDatabase>({ dialect: new PostgresDialect({ pool }) });
  const backgroundPool = createPool(
    options.url,
    options.backgroundConnections ?? 4,
    `${name}-background`,
    options.idleTimeoutMs,
    BACKGROUND_CONNECT_TIMEOUT_MS,
  );
  const backgroundDb = new Kysely<TDatabase>({ dialect: new PostgresDialect({ pool: backgroundPool }) });
  const readPools = (options.readUrls ?? []).map((url) => createPool(url, max, `${name}-read`));
  const readDbs = readPools.map(
    (readPool) => new Kysely<TDatabase>({ dialect: new PostgresDialect({ pool: readPool }) }),
  );
  let next = 0;
  const readDb =
    readDbs.length === 0
      ? db
      : new Proxy(db, {
          // Round-robin over replicas, one choice per query builder call.
          get(_target, property) {
            const chosen = readDbs[next++ % readDbs.length]!;
            const value = Reflect.get(chosen, property);
            return typeof value === 'function' ? value.bind(chosen) : value;
          },
        });
  const availability = createDatabaseAvailability({
    url: options.url,
    pool,
    otherPools: [backgroundPool],
    ...(options.onAvailabilityChange ? { onChange: options.onAvailabilityChange } : {}),
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
  });
  return {
    db,
    readDb,
    pool,
    backgroundDb,
    backgroundPool,
    readPools,
    availability,
    async close() {
      availability.close();
      await Promise.all([db.destroy(), backgroundDb.destroy(), ...readDbs.map((readDbItem) => readDbItem.destroy())]);
    },
  };
}

function migratorOf(db: TDb, isInTransaction = false): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    // Inside a caller's transaction the migrations must not open and commit their own.
    disableTransactions: isInTransaction,
  });
}

function appliedOrThrow({ error, results }: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: TDb): Promise<string[]> {
  return appliedOrThrow(await migratorOf(db).migrateToLatest());
}

/**
 * Applies the migrations up to and including `name` (a restore rebuilds a backup's schema so);
 * `isInTransaction` runs them in the transaction `db`'s one connection is in.
 */
export async function migrateTo(db: TDb, name: string, isInTransaction = false): Promise<string[]> {
  return appliedOrThrow(await migratorOf(db, isInTransaction).migrateTo(name));
}
