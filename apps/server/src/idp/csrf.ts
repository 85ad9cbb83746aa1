import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key of the forms' CSRF tokens, derived from the newest stored cookie secret so every server
 * process on the database issues and accepts the same tokens without a secret of its own.
 */
export function deriveCsrfKey(cookieSecret: string): Buffer {
  return createHmac('sha256', cookieSecret).update('idp-login-form-csrf').digest();
}

/** The hidden form token of an interaction: an HMAC over its uid. */
export function createCsrfToken(key: Buffer, uid: string): string {
  return createHmac('sha256', key).update(`interaction:${uid}`).digest('base64url');
}

/** True when a submitted token belongs to this interaction; compares in constant time. */
export function isCsrfTokenValid(key: Buffer, uid: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length === 0 || token.length > 100) return false;
  const expected = Buffer.from(createCsrfToken(key, uid));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * True when a browser says the form was sent from another site. Browsers send Origin on every
 * cross-site POST; its absence (older clients, scripts) is left to the token check.
 */
export function isForeignOrigin(origin: string | undefined, expectedOrigin: string): boolean {
  if (origin === undefined) return false;
  return origin !== expectedOrigin;
}
