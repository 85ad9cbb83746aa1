import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseAvailability, isDatabaseUnavailableError } from './database-availability';
import { findFreePort } from './embedded-postgres';

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
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('confirms an outage with a probe, and does not for a failing query', async () => {
    const url = `postgres://nobody@127.0.0.1:${await findFreePort()}/none`;
    const pool = new pg.Pool({ connectionString: url });
    pools.push(pool);
    const changes: boolean[] = [];
    const availability = createDatabaseAvailability({
      url,
      pool,
      probeIntervalMs: 50,
      onChange: (isAvailable) => changes.push(isAvailable),
    });
    try {
      expect(availability.report(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
      expect(availability.isAvailable()).toBe(true);

      expect(availability.report(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
      await expect.poll(() => availability.isAvailable()).toBe(false);
      expect(availability.unavailableSince()).toBeInstanceOf(Date);
      expect(changes).toEqual([false]);
    } finally {
      availability.close();
    }
  });
});
