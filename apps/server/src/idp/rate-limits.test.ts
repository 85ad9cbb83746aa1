import { describe, expect, it } from 'vitest';
import { createFormLimiter, DEFAULT_RATE_LIMITS } from './rate-limits';

describe('createFormLimiter', () => {
  it('throttles an address after 30 failures over many accounts, for every account', async () => {
    const limiter = createFormLimiter();
    for (let index = 0; index < 30; index++) {
      expect(await limiter.takeSignInAttempt('192.0.2.1', `user-${index}@example.org`)).toBeNull();
    }
    const retryAfter = await limiter.takeSignInAttempt('192.0.2.1', 'someone-else@example.org');
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.signInFailuresPerIp.durationSeconds);
    expect(await limiter.takeSignInAttempt('198.51.100.7', 'someone-else@example.org')).toBeNull();
  });

  it('locks an account after 10 failures from any addresses, without case', async () => {
    const limiter = createFormLimiter();
    for (let index = 0; index < 10; index++) {
      expect(await limiter.takeSignInAttempt(`192.0.2.${index}`, 'Ada@Example.org')).toBeNull();
    }
    expect(await limiter.takeSignInAttempt('203.0.113.9', 'ada@example.org')).toBeGreaterThan(0);
  });

  it('admits at most the limit of attempts taken at the same moment', async () => {
    const limiter = createFormLimiter();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => limiter.takeSignInAttempt(`192.0.2.${index}`, 'ada@example.org')),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(10);
  });

  it('counts no refused attempt: the address keeps its attempts while an account is locked', async () => {
    const limiter = createFormLimiter({
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
    const limiter = createFormLimiter({
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
    const limiter = createFormLimiter();
    for (let index = 0; index < 20; index++) expect(await limiter.consumeSignUp('192.0.2.1')).toBeNull();
    expect(await limiter.consumeSignUp('192.0.2.1')).toBeGreaterThan(0);
    expect(await limiter.consumeSignUp('192.0.2.2')).toBeNull();
  });
});
