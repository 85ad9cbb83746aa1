import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** A limit of so many events per window. */
export type TLimit = { points: number; durationSeconds: number };

/** The brute-force limits of the provider's forms; counted in this process's memory. */
export type TRateLimitSettings = {
  /** Failed sign-ins per account (e-mail address, existing or not). */
  signInFailuresPerAccount: TLimit;
  /** Failed sign-ins per client IP, over all accounts. */
  signInFailuresPerIp: TLimit;
  /** Sign-up attempts that reach the database, per client IP. */
  signUpsPerIp: TLimit;
};

export const DEFAULT_RATE_LIMITS: TRateLimitSettings = {
  signInFailuresPerAccount: { points: 10, durationSeconds: 15 * 60 },
  signInFailuresPerIp: { points: 30, durationSeconds: 15 * 60 },
  signUpsPerIp: { points: 20, durationSeconds: 60 * 60 },
};

/** Seconds until a throttled caller may try again, or null when not throttled. */
export type TRetryAfter = number | null;

export type TFormLimiter = {
  /** Whether a sign-in may be tried now (reads only; failures are counted by signInFailed). */
  checkSignIn(ip: string, email: string): Promise<TRetryAfter>;
  signInFailed(ip: string, email: string): Promise<void>;
  /** A successful sign-in clears its account's failures (not the IP's: one good password must not reset them). */
  signInSucceeded(email: string): Promise<void>;
  /** Counts a sign-up attempt; answers whether it is over the limit. */
  consumeSignUp(ip: string): Promise<TRetryAfter>;
};

const accountKey = (email: string) => email.trim().toLowerCase();

async function isOver(limiter: RateLimiterMemory, key: string): Promise<TRetryAfter> {
  const state = await limiter.get(key);
  if (!state || state.consumedPoints < limiter.points) return null;
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

async function consume(limiter: RateLimiterMemory, key: string): Promise<TRetryAfter> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

/** The limiters of the sign-in and sign-up forms. */
export function createFormLimiter(settings: TRateLimitSettings = DEFAULT_RATE_LIMITS): TFormLimiter {
  const make = (prefix: string, limit: TLimit) =>
    new RateLimiterMemory({ keyPrefix: prefix, points: limit.points, duration: limit.durationSeconds });
  const perAccount = make('signin-account', settings.signInFailuresPerAccount);
  const perIp = make('signin-ip', settings.signInFailuresPerIp);
  const signUps = make('signup-ip', settings.signUpsPerIp);
  return {
    async checkSignIn(ip, email) {
      const [byIp, byAccount] = await Promise.all([isOver(perIp, ip), isOver(perAccount, accountKey(email))]);
      if (byIp === null && byAccount === null) return null;
      return Math.max(byIp ?? 0, byAccount ?? 0);
    },
    async signInFailed(ip, email) {
      await Promise.all([consume(perIp, ip), consume(perAccount, accountKey(email))]);
    },
    async signInSucceeded(email) {
      await perAccount.delete(accountKey(email));
    },
    consumeSignUp: (ip) => consume(signUps, ip),
  };
}
