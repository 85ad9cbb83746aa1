import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@dsm/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/**
 * The signed token of a download link: what it grants (one endpoint of one offer, to one user) and until when,
 * as `v1.{payload}.{signature}` in base64url. The signature is an HMAC-SHA256 under a key derived from the
 * marketplace's cookie secrets (stored in PostgreSQL, so every server process of one database verifies the same
 * links); nothing is stored per link.
 */

/** What a download link grants. */
export type TDownloadGrant = {
  offerId: string;
  /** The endpoint's position in the offer, 0 first. */
  endpoint: number;
  /** The user the link was made for: their access is checked again when the link is used. */
  userId: string;
  expiresAt: Date;
};

const VERSION = 'v1';

const ZPayload = z.object({
  o: z.string().min(1).max(64),
  n: z.number().int().min(0),
  u: z.string().min(1).max(255),
  /** Seconds since the epoch. */
  x: z.number().int().positive(),
});

/** The key download links are signed with, derived from one cookie secret so it is used for nothing else. */
export function deriveDownloadKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('download-links').digest();
}

const signatureOf = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();

/** Signs a grant with the newest key. */
export function signDownloadToken(grant: TDownloadGrant, key: Buffer): string {
  const payload = Buffer.from(
    JSON.stringify({
      o: grant.offerId,
      n: grant.endpoint,
      u: grant.userId,
      x: Math.floor(grant.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  return `${VERSION}.${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

/**
 * The grant of a token, after its signature (any of `keys`, newest first, so a rotation does not break links in
 * flight) and its expiry at `now`. A token that is not one, forged or changed, or expired is a 403 saying which.
 */
export function readDownloadToken(token: string, keys: readonly Buffer[], now: Date): TDownloadGrant {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2]) {
    throw new AppError(
      ErrorCode.VALIDATION_FAILED,
      'This is not a download link of the marketplace: ask for a new link in My Acquisitions',
    );
  }
  const [, payload, signature] = parts as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const isSigned = keys.some((key) => {
    const expected = signatureOf(key, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!isSigned) {
    throw new AppError(
      ErrorCode.FORBIDDEN,
      'The download link was changed or not made by this marketplace (its signature does not match): ask for a new link',
    );
  }
  let parsed: z.infer<typeof ZPayload>;
  try {
    parsed = ZPayload.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    // Signed by us, so only a key mix-up or an older format gets here.
    throw new AppError(ErrorCode.FORBIDDEN, 'The download link is no longer understood: ask for a new link');
  }
  const expiresAt = new Date(parsed.x * 1000);
  if (expiresAt.getTime() <= now.getTime()) {
    throw new AppError(
      ErrorCode.FORBIDDEN,
      `The download link expired at ${expiresAt.toISOString()}: ask for a new link in My Acquisitions`,
    );
  }
  return { offerId: parsed.o, endpoint: parsed.n, userId: parsed.u, expiresAt };
}
