import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/lifecycle';
import { createFormLimiter, DEFAULT_RATE_LIMITS, type TRateLimitSettings } from './rate-limits';

const database = useTestDatabase();

/** A limiter as one server process has it, counting in the test database. */
const limiterOf = (settings?: TRateLimitSettings) =>
  createFormLimiter({ pool: database.pool, ...(settings ? { settings } : {}) });

beforeEach(async () => {
  await database.pool.query('delete from rate_limits');
});

describe('createFormLimiter', () => {
  it('throttles an address after 30 failures over many accounts, for every account', async () => {
    const limiter = limiterOf();
    for (let index = 0; index < 30; index++) {
      expect(await limiter.takeSignInAttempt('192.0.2.1', `user-${index}@example.org`)).toBeNull();
    }
    const retryAfter = await limiter.takeSignInAttempt('192.0.2.1', 'someone-else@example.org');
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.signInFailuresPerIp.durationSeconds);
    expect(await limiter.takeSignInAttempt('198.51.100.7', 'someone-else@example.org')).toBeNull();
  });

  it('locks an account after 10 failures from any addresses, without case', async () => {
    const limiter = limiterOf();
    for (let index = 0; index < 10; index++) {
      expect(await limiter.takeSignInAttempt(`192.0.2.${index}`, 'Ada@Example.org')).toBeNull();
    }
    expect(await limiter.takeSignInAttempt('203.0.113.9', 'ada@example.org')).toBeGreaterThan(0);
  });

  it('admits at most the limit of attempts taken at the same moment', async () => {
    const limiter = limiterOf();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => limiter.takeSignInAttempt(`192.0.2.${index}`, 'ada@example.org')),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(10);
  });

  it('counts no refused attempt: the address keeps its attempts while an account is locked', async () => {
    const limiter = limiterOf({
      ...DEFAULT_RATE_LIMITS,
      signInFailuresPerAccount: { points: 2, durationSeconds: 60 },
      signInFailuresPerIp: { points: 5, durationSeconds: 60 },
    });
    for (let index = 0; index < 10; index++) await limiter.takeSignInAttempt('192.0.2.1', 'ada@example.org');
    // Two failures used up the account; the eight refusals after them took nothing from the address.
    for (let index = 0; index < 3; index++) {
      expect(await limiter.takeSignInAttempt('192.0.2.1', `user-${index}@example.org`)).toBeNull();
    }
    expect(await limiter.takeSignInAttempt('192.0.2.1', 'bob@example.org')).toBeGreaterThan(0);
  });

  it('clears an account after a successful sign-in, but not the address', async () => {
    const limiter = limiterOf({
      ...DEFAULT_RATE_LIMITS,
      signInFailuresPerIp: { points: 4, durationSeconds: 60 },
    });
    for (let index = 0; index < 3; index++) await limiter.takeSignInAttempt('192.0.2.1', 'ada@example.org');
    expect(await limiter.takeSignInAttempt('192.0.2.1', 'ada@example.org')).toBeNull();
    await limiter.signInSucceeded('192.0.2.1', 'ada@example.org');
    expect(await limiter.takeSignInAttempt('198.51.100.7', 'ada@example.org')).toBeNull();
    // The right password gave its own attempt back, not the three failures before it: one more is left.
    expect(await limiter.takeSignInAttempt('192.0.2.1', 'bob@example.org')).toBeNull();
    expect(await limiter.takeSignInAttempt('192.0.2.1', 'carol@example.org')).toBeGreaterThan(0);
  });

  it('counts sign-ups per address', async () => {
    const limiter = limiterOf();
    for (let index = 0; index < 20; index++) expect(await limiter.consumeSignUp('192.0.2.1')).toBeNull();
    expect(await limiter.consumeSignUp('192.0.2.1')).toBeGreaterThan(0);
    expect(await limiter.consumeSignUp('192.0.2.2')).toBeNull();
  });

  it('counts the attempts of every server process of the database together', async () => {
    const [first, second] = [limiterOf(), limiterOf()];
    for (let index = 0; index < 10; index++) {
      const process = index % 2 === 0 ? first : second;
      expect(await process.takeSignInAttempt(`192.0.2.${index}`, 'ada@example.org')).toBeNull();
    }
    expect(await first.takeSignInAttempt('203.0.113.9', 'ada@example.org')).toBeGreaterThan(0);
    expect(await second.takeSignInAttempt('203.0.113.9', 'ada@example.org')).toBeGreaterThan(0);
  });

  it('still answers, and counts in memory, while the database cannot be reached', async () => {
    // Nothing listens on port 9 of loopback: every connection is refused at once.
    const unreachable = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none', max: 1 });
    unreachable.on('error', () => {});
    try {
      const limiter = createFormLimiter({
        pool: unreachable,
        settings: { ...DEFAULT_RATE_LIMITS, signInFailuresPerAccount: { points: 2, durationSeconds: 60 } },
      });
      expect(await limiter.takeSignInAttempt('192.0.2.1', 'ada@example.org')).toBeNull();
      expect(await limiter.takeSignInAttempt('192.0.2.1', 'ada@example.org')).toBeNull();
      expect(await limiter.takeSignInAttempt('192.0.2.1', 'ada@example.org')).toBeGreaterThan(0);
    } finally {
      await unreachable.end();
    }
  });
});
