import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/** The table every shared limit counts in (migration 0026). */
const TABLE = 'rate_limits';
/** Windows that ended this long ago are deleted. */
const KEEP_ENDED_MS = 60 * 60 * 1000;
/** Time between two deletions of ended windows. */
const CLEANUP_INTERVAL_MS = 5 * 60 * 1000;

export type TSharedLimiterOptions = {
  /** The primary's pool: every server process of the database counts in the same rows. */
  pool: pg.Pool;
  /** Names the limit (`searches`, `signin-ip`); the keys of two limits never meet. */
  name: string;
  /** Events allowed per window. */
  points: number;
  /** Length of a window in seconds. */
  durationSeconds: number;
  /**
   * Whether a key over its limit is then refused by this process alone, without asking the database, until
   * its window ends: a caller hammering a limit costs no round trip. Only for limits whose points are never
   * given back (a sign-in's are, so another process could let the key in again earlier).
   */
  isRefusedLocallyWhenOver?: boolean;
};

/**
 * A limit counted in PostgreSQL, so N server processes behind a load balancer allow the limit once, not N
 * times: each event is one atomic upsert of the key's row (rate-limiter-flexible's PostgreSQL store). Should
 * the database fail, the event is counted in this process's memory instead, so a limit never turns a request
 * into an error of its own.
 */
export function createSharedLimiter(options: TSharedLimiterOptions): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: options.pool,
    storeType: 'pool',
    tableName: TABLE,
    tableCreated: true,
    // One timer per app deletes ended windows of every limit (scheduleRateLimitCleanup), not one per limiter.
    clearExpiredByTimeout: false,
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
    ...(options.isRefusedLocallyWhenOver ? { inMemoryBlockOnConsumed: options.points } : {}),
    insuranceLimiter: new RateLimiterMemory({
      keyPrefix: options.name,
      points: options.points,
      duration: options.durationSeconds,
    }),
  });
}

/**
 * Takes one point of `key`; answers null when allowed, else the seconds until the caller may try again
 * (1 at least, for a Retry-After header). Errors other than a refusal are thrown.
 */
export async function takePoint(limiter: RateLimiterPostgres | RateLimiterMemory, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

/** Deletes the windows of every shared limit that ended an hour or more before `now` (epoch ms). */
export async function deleteEndedWindows(pool: pg.Pool, now = Date.now()): Promise<void> {
  await pool.query(`delete from ${TABLE} where expire < $1`, [now - KEEP_ENDED_MS]);
}

/** Deletes ended windows of every shared limit now and then; answers the function that stops it. */
export function scheduleRateLimitCleanup(pool: pg.Pool): () => void {
  const timer = setInterval(() => {
    deleteEndedWindows(pool).catch(() => {
      // Not critical: the rows are deleted at the next round.
    });
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
