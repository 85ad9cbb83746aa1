import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './hash-password';

describe('hashPassword', () => {
  it('writes scrypt$N$r$p$salt$hash with a fresh salt each time', async () => {
    const first = await hashPassword('correct-horse-42');
    const second = await hashPassword('correct-horse-42');
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct-horse-42');
  });
});

describe('verifyPassword', () => {
  it('accepts the password and refuses any other', async () => {
    const stored = await hashPassword('correct-horse-42');
    expect(await verifyPassword('correct-horse-42', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-43', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats composed and decomposed umlauts as the same password', async () => {
    const stored = await hashPassword('Gr\u00fc\u00dfe-aus-K\u00f6ln-1');
    expect(await verifyPassword('Gru\u0308\u00dfe-aus-Ko\u0308ln-1', stored)).toBe(true);
  });

  it('verifies a hash made with other cost parameters', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('old-password-1', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('old-password-1', stored)).toBe(true);
  });

  it('never matches a malformed or absurdly expensive hash, without throwing', async () => {
    for (const stored of [
      'unusable',
      '',
      'scrypt$1$8$1$AAAA$BBBB',
      'scrypt$33554432$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5',
      'bcrypt$x',
    ]) {
      expect(await verifyPassword('anything-1', stored)).toBe(false);
    }
  });
});
