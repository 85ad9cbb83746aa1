import { createHash, randomBytes } from 'node:crypto';

/** The form of a key: `dsm_` and 8 hex digits (the prefix shown to tell keys apart), `_`, 32 random bytes. */
const KEY_FORM = /^dsm_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;

/** A new key: the whole secret (shown once), its prefix and the hash that is stored. */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const prefix = `dsm_${randomBytes(4).toString('hex')}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix, hash: hashApiKey(secret) };
}

/** SHA-256 of a key, hex: the key has 256 random bits, so a fast hash is enough to keep a leaked table useless. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether a string has the form of a key at all; anything else is refused without a database look-up. */
export const isApiKeyForm = (value: string): boolean => KEY_FORM.test(value);
