import { ErrorCode } from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error';

/** A preHandler that counts the caller's requests and answers 429 over the limit. */
export type TUserRateLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type TUserRateLimitOptions = {
  /** What is limited, for the error message, e.g. `searches`. */
  name: string;
  /** Requests per user and minute; 0 turns the limit off. */
  perMinute: number;
};

/**
 * A per-user limit of a guarded route, keyed by the token's subject: users behind one proxy or NAT
 * do not share it, and a user cannot escape it by changing address. Counted in this process's
 * memory, so with N server processes a user gets up to N times the limit.
 */
export function createUserRateLimit(options: TUserRateLimitOptions): TUserRateLimit {
  if (options.perMinute === 0) return async () => {};
  const limiter = new RateLimiterMemory({ keyPrefix: options.name, points: options.perMinute, duration: 60 });
  return async (request, reply) => {
    // Guarded routes always carry a user; the IP is a fallback should one be mounted unguarded.
    const key = request.user?.id ?? `ip:${request.ip}`;
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      reply.header('retry-after', String(seconds));
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `Too many ${options.name}: at most ${options.perMinute} a minute; retry in ${seconds} s`,
      );
    }
  };
}
