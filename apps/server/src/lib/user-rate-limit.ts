import { ErrorCode } from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { AppError } from './app-error';
import { createSharedLimiter, takePoint } from './shared-rate-limiter';

/** A preHandler that counts the caller's requests and answers 429 over the limit. */
export type TUserRateLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type TUserRateLimitOptions = {
  /** What is limited, for the error message and the counter's key, e.g. `searches`. */
  name: string;
  /** Requests per user and minute; 0 turns the limit off. */
  perMinute: number;
  /** The primary's pool, where every server process of the database counts. */
  pool: pg.Pool;
};

/**
 * A per-user limit of a guarded route, keyed by the token's subject: users behind one proxy or NAT
 * do not share it, and a user cannot escape it by changing address. Counted in PostgreSQL, so with
 * N server processes a user still gets the limit once; a user over it is refused by each process
 * from memory until the minute ends, without a round trip.
 */
export function createUserRateLimit(options: TUserRateLimitOptions): TUserRateLimit {
  if (options.perMinute === 0) return async () => {};
  const limiter = createSharedLimiter({
    pool: options.pool,
    name: options.name,
    points: options.perMinute,
    durationSeconds: 60,
    isRefusedLocallyWhenOver: true,
  });
  return async (request, reply) => {
    // Guarded routes always carry a user; the IP is a fallback should one be mounted unguarded.
    const key = request.user?.id ?? `ip:${request.ip}`;
    const seconds = await takePoint(limiter, key);
    if (seconds === null) return;
    reply.header('retry-after', String(seconds));
    throw new AppError(
      ErrorCode.RATE_LIMITED,
      `Too many ${options.name}: at most ${options.perMinute} a minute; retry in ${seconds} s`,
    );
  };
}
