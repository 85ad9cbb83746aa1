import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, readRoles } from './access-token';

// JWT parts are base64url of UTF-8 JSON.
const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const token = (payload: unknown) => `${encode({ alg: 'RS256' })}.${encode(payload)}.signature`;

describe('readRoles', () => {
  it('reads Keycloak realm roles', () => {
    expect(readRoles(token({ realm_access: { roles: ['DSM_USER', 'offline_access'] } }), 'realm_access.roles')).toEqual(
      ['DSM_USER', 'offline_access'],
    );
  });

  it('reads a configured top-level claim and drops non-strings', () => {
    expect(readRoles(token({ roles: ['A', 3, null, 'B'] }), 'roles')).toEqual(['A', 'B']);
  });

  it('gives no roles for a missing claim or a broken token', () => {
    expect(readRoles(token({ sub: 'x' }), 'realm_access.roles')).toEqual([]);
    expect(readRoles('not-a-token', 'realm_access.roles')).toEqual([]);
    expect(readRoles('a.%%%.c', 'realm_access.roles')).toEqual([]);
  });

  it('decodes non-ASCII names', () => {
    expect(decodeJwtPayload(token({ name: 'Jürgen Ørsted' }))).toMatchObject({ name: 'Jürgen Ørsted' });
  });
});
