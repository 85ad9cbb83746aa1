import type pg from 'pg';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { createSharedLimiter, takePoint } from '../lib/shared-rate-limiter';

/** A limit of so many events per window. */
export type TLimit = { points: number; durationSeconds: number };

/** The brute-force limits of the provider's forms; counted in PostgreSQL for every server process. */
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
  /**
   * Takes a sign-in attempt before the password is checked: counts it against the account and the
   * address, and answers how long to wait when either is over its limit (then nothing is counted).
   * Taking it first is what bounds concurrent guesses: counting after the check let every attempt
   * in flight read the same count.
   */
  takeSignInAttempt(ip: string, email: string): Promise<TRetryAfter>;
  /** The attempt taken had the right password: the account's failures go, and the address gets its attempt back. */
  signInSucceeded(ip: string, email: string): Promise<void>;
  /** Counts a sign-up attempt; answers whether it is over the limit. */
  consumeSignUp(ip: string): Promise<TRetryAfter>;
};

const accountKey = (email: string) => email.trim().toLowerCase();

/** Gives back a point taken; a window that ended meanwhile is left alone, since a reward would open one below zero. */
async function giveBack(limiter: RateLimiterPostgres, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints > 0) await limiter.reward(key);
}

export type TCreateFormLimiterOptions = {
  /** The primary's pool: the counts are shared by every server process of the database. */
  pool: pg.Pool;
  /** The limits; DEFAULT_RATE_LIMITS unless told. */
  settings?: TRateLimitSettings;
};

/**
 * The limiters of the sign-in and sign-up forms, counted in PostgreSQL: an attacker spreading guesses over
 * the server processes behind a load balancer still gets each limit once.
 */
export function createFormLimiter(options: TCreateFormLimiterOptions): TFormLimiter {
  const settings = options.settings ?? DEFAULT_RATE_LIMITS;
  // Refused attempts give their points back, so no process may go on refusing a key from memory alone.
  const make = (name: string, limit: TLimit) =>
    createSharedLimiter({ pool: options.pool, name, points: limit.points, durationSeconds: limit.durationSeconds });
  const perAccount = make('signin-account', settings.signInFailuresPerAccount);
  const perIp = make('signin-ip', settings.signInFailuresPerIp);
  const signUps = make('signup-ip', settings.signUpsPerIp);
  return {
    async takeSignInAttempt(ip, email) {
      // Each take increments and reads the count in one statement, so no two attempts see the same count.
      const [byIp, byAccount] = await Promise.all([takePoint(perIp, ip), takePoint(perAccount, accountKey(email))]);
      if (byIp === null && byAccount === null) return null;
      // A refused attempt checks no password: it gives back what it took, so it neither counts as a failure
      // nor uses up the other limit.
      await Promise.all([giveBack(perIp, ip), giveBack(perAccount, accountKey(email))]);
      return Math.max(byIp ?? 0, byAccount ?? 0);
    },
    async signInSucceeded(ip, email) {
      await Promise.all([giveBack(perIp, ip), perAccount.delete(accountKey(email))]);
    },
    consumeSignUp: (ip) => takePoint(signUps, ip),
  };
}
