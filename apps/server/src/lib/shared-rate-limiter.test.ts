import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/lifecycle';
import { createSharedLimiter, deleteEndedWindows, takePoint } from './shared-rate-limiter';

const database = useTestDatabase();

const countOf = async (key: string) =>
  (await database.pool.query<{ points: number }>('select points from rate_limits where key = $1', [key])).rows[0]
    ?.points;

describe('createSharedLimiter', () => {
  it('refuses a key over its limit from memory, without asking the database again, when told to', async () => {
    const limiter = createSharedLimiter({
      pool: database.pool,
      name: 'local-refusal',
      points: 2,
      durationSeconds: 60,
      isRefusedLocallyWhenOver: true,
    });
    expect(await takePoint(limiter, 'ada')).toBeNull();
    expect(await takePoint(limiter, 'ada')).toBeNull();
    const seconds = await takePoint(limiter, 'ada');
    expect(seconds).toBeGreaterThanOrEqual(59);
    expect(seconds).toBeLessThanOrEqual(60);
    await takePoint(limiter, 'ada');
    // The two allowed takes were counted; the refusals cost no statement.
    expect(await countOf('local-refusal:ada')).toBe(2);
  });

  it('asks the database for every take otherwise, so points given back elsewhere count at once', async () => {
    const limiter = createSharedLimiter({ pool: database.pool, name: 'asked', points: 1, durationSeconds: 60 });
    expect(await takePoint(limiter, 'ada')).toBeNull();
    expect(await takePoint(limiter, 'ada')).toBeGreaterThan(0);
    // Another process gives the point back.
    await database.pool.query(`update rate_limits set points = 0 where key = 'asked:ada'`);
    expect(await takePoint(limiter, 'ada')).toBeNull();
  });
});

describe('deleteEndedWindows', () => {
  it('deletes windows that ended an hour ago or more, and keeps the others', async () => {
    const now = Date.now();
    await database.pool.query(
      `insert into rate_limits (key, points, expire) values ('old:a', 3, $1), ('recent:a', 3, $2), ('open:a', 1, $3)`,
      [now - 2 * 60 * 60 * 1000, now - 10 * 60 * 1000, now + 60 * 1000],
    );
    await deleteEndedWindows(database.pool, now);
    const { rows } = await database.pool.query<{ key: string }>(
      `select key from rate_limits where key in ('old:a', 'recent:a', 'open:a') order by key`,
    );
    expect(rows.map((row) => row.key)).toEqual(['open:a', 'recent:a']);
  });
});
