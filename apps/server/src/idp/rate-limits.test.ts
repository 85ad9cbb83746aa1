import { describe, expect, it } from 'vitest';
import { createFormLimiter, DEFAULT_RATE_LIMITS } from './rate-limits';

describe('createFormLimiter', () => {
  it('throttles an address after 30 failures over many accounts, for every account', async () => {
    const limiter = createFormLimiter();
    for (let index = 0; index < 30; index++) {
      expect(await limiter.checkSignIn('192.0.2.1', `user-${index}@example.org`)).toBeNull();
      await limiter.signInFailed('192.0.2.1', `user-${index}@example.org`);
    }
    const retryAfter = await limiter.checkSignIn('192.0.2.1', 'someone-else@example.org');
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.signInFailuresPerIp.durationSeconds);
    expect(await limiter.checkSignIn('198.51.100.7', 'someone-else@example.org')).toBeNull();
  });

  it('locks an account after 10 failures from any addresses, without case', async () => {
    const limiter = createFormLimiter();
    for (let index = 0; index < 10; index++) await limiter.signInFailed(`192.0.2.${index}`, 'Ada@Example.org');
    expect(await limiter.checkSignIn('203.0.113.9', 'ada@example.org')).toBeGreaterThan(0);
  });

  it('clears an account after a successful sign-in, but not the address', async () => {
    const limiter = createFormLimiter({
      ...DEFAULT_RATE_LIMITS,
      signInFailuresPerIp: { points: 3, durationSeconds: 60 },
    });
    for (let index = 0; index < 3; index++) await limiter.signInFailed('192.0.2.1', 'ada@example.org');
    await limiter.signInSucceeded('ada@example.org');
    expect(await limiter.checkSignIn('198.51.100.7', 'ada@example.org')).toBeNull();
    expect(await limiter.checkSignIn('192.0.2.1', 'bob@example.org')).toBeGreaterThan(0);
  });

  it('counts sign-ups per address', async () => {
    const limiter = createFormLimiter();
    for (let index = 0; index < 20; index++) expect(await limiter.consumeSignUp('192.0.2.1')).toBeNull();
    expect(await limiter.consumeSignUp('192.0.2.1')).toBeGreaterThan(0);
    expect(await limiter.consumeSignUp('192.0.2.2')).toBeNull();
  });
});
