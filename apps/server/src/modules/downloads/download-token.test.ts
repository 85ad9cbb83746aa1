import { describe, expect, it } from 'vitest';
import { deriveDownloadKey, readDownloadToken, signDownloadToken } from './download-token';

const grant = {
  offerId: '3f1c2b9e-8a4d-4c6e-9b1a-2d3e4f5a6b7c',
  endpoint: 2,
  userId: 'auth0|a-subject-of-an-external-provider-that-is-rather-long',
  expiresAt: new Date('2026-11-27T10:05:00Z'),
};
const now = new Date('2026-11-27T10:00:00Z');
const older = deriveDownloadKey('older cookie secret');
const newer = deriveDownloadKey('newer cookie secret');

describe('a download token', () => {
  it('gives back its grant until it ends, also after the key rotated, and not a second later', () => {
    const token = signDownloadToken(grant, older);
    expect(readDownloadToken(token, [newer, older], now)).toEqual(grant);
    expect(() => readDownloadToken(token, [newer, older], new Date('2026-11-27T10:05:00Z'))).toThrow(
      /expired at 2026-11-27T10:05:00.000Z/,
    );
  });

  it('is refused when signed with a key the marketplace does not hold', () => {
    const token = signDownloadToken(grant, deriveDownloadKey('somebody else'));
    expect(() => readDownloadToken(token, [newer, older], now)).toThrow(/signature does not match/);
  });

  it('is refused when anything in it was changed, a later end included', () => {
    const [version, , signature] = signDownloadToken(grant, newer).split('.');
    const later = Buffer.from(
      JSON.stringify({ o: grant.offerId, n: grant.endpoint, u: grant.userId, x: 1_900_000_000 }),
    ).toString('base64url');
    expect(() => readDownloadToken(`${version}.${later}.${signature}`, [newer], now)).toThrow(
      /signature does not match/,
    );
    expect(() => readDownloadToken('v2.a.b', [newer], now)).toThrow(/not a download link/);
  });
});
