import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/lifecycle';
import { startTcpProxy, type TTcpProxy } from '../test/tcp-proxy';
import { createDatabaseAvailability, isDatabaseUnavailableError } from './database-availability';

describe('isDatabaseUnavailableError', () => {
  it('knows a refused or cut connection and a shutting-down server', () => {
    expect(isDatabaseUnavailableError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailableError(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('wrapped', { cause: { code: 'ECONNRESET' } }))).toBe(true);
  });

  it('leaves failing queries alone: they are not an outage', () => {
    expect(isDatabaseUnavailableError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailableError(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(false);
    expect(isDatabaseUnavailableError(new TypeError('a bug'))).toBe(false);
    expect(isDatabaseUnavailableError('ECONNREFUSED')).toBe(false);
  });
});

describe('createDatabaseAvailability', () => {
  let proxy: TTcpProxy;

  const database = useTestDatabase();

  beforeAll(async () => {
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });

  afterAll(async () => {
    await proxy?.close();
  });

  it('confirms an outage with a probe, not for a failing query, and sees PostgreSQL come back', async () => {
    const url = proxy.urlThrough(database.url);
    const pool = new pg.Pool({ connectionString: url });
    const changes: boolean[] = [];
    const availability = createDatabaseAvailability({
      url,
      pool,
      probeIntervalMs: 50,
      onChange: (isAvailable) => changes.push(isAvailable),
    });
    try {
      expect(availability.report(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
      // A connection-level error while PostgreSQL answers: the probe clears it, nothing changes.
      expect(availability.report(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
      expect(await availability.probe()).toBe(true);
      expect(availability.isAvailable()).toBe(true);

      await proxy.cut();
      expect(availability.report(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
      await expect.poll(() => availability.isAvailable()).toBe(false);
      expect(availability.unavailableSince()).toBeInstanceOf(Date);

      await proxy.restore();
      await expect.poll(() => availability.isAvailable(), { timeout: 5_000 }).toBe(true);
      expect(availability.unavailableSince()).toBeNull();
      expect(changes).toEqual([false, true]);
    } finally {
      availability.close();
      await pool.end();
    }
  });

  it('notices by its heartbeat a PostgreSQL that refuses new connections, and closes the idle ones it waits for', async () => {
    const url = proxy.urlThrough(database.url);
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    pool.on('error', () => {});
    const availability = createDatabaseAvailability({ url, pool, probeIntervalMs: 50, heartbeatMs: 100 });
    try {
      // Three sessions, all idle in the pool afterwards.
      await Promise.all([1, 2, 3].map(() => pool.query('select pg_sleep(0.05)')));
      expect(pool.idleCount).toBe(3);

      // No query fails: only a new connection sees that PostgreSQL is going away.
      await proxy.refuseNew();
      await expect.poll(() => availability.isAvailable(), { timeout: 5_000 }).toBe(false);
      await expect.poll(() => pool.totalCount, { timeout: 5_000 }).toBe(0);

      await proxy.restore();
      await expect.poll(() => availability.isAvailable(), { timeout: 5_000 }).toBe(true);
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      availability.close();
      await pool.end();
    }
  });

  it('does not call an outage from its heartbeat when PostgreSQL answers but refuses the probe for another reason', async () => {
    const url = new URL(database.url);
    const pool = new pg.Pool({ connectionString: url.toString() });
    url.password = 'not-the-password';
    const changes: boolean[] = [];
    const availability = createDatabaseAvailability({
      url: url.toString(),
      pool,
      heartbeatMs: 50,
      onChange: (isAvailable) => changes.push(isAvailable),
    });
    try {
      await pool.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(availability.isAvailable()).toBe(true);
      expect(changes).toEqual([]);
      expect(pool.totalCount).toBe(1);
    } finally {
      availability.close();
      await pool.end();
    }
  });

  it('does not call an outage when a new connection is slow once, but does when the network stays silent', async () => {
    const url = proxy.urlThrough(database.url);
    const pool = new pg.Pool({ connectionString: url });
    pool.on('error', () => {});
    const changes: boolean[] = [];
    const availability = createDatabaseAvailability({
      url,
      pool,
      probeTimeoutMs: 150,
      probeIntervalMs: 50,
      heartbeatMs: 100,
      onChange: (isAvailable) => changes.push(isAvailable),
    });
    try {
      await pool.query('select 1');
      // Every new connection answers after 250 ms: past the first limit, well within the second try's.
      proxy.delayNew(250);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(availability.isAvailable()).toBe(true);
      expect(changes).toEqual([]);
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);

      proxy.blackhole();
      await expect.poll(() => availability.isAvailable(), { timeout: 5_000 }).toBe(false);
      await proxy.restore();
      await expect.poll(() => availability.isAvailable(), { timeout: 5_000 }).toBe(true);
      expect(changes).toEqual([false, true]);
    } finally {
      availability.close();
      await pool.end();
    }
  });
});
