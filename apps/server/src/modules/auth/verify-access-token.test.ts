import { describe, expect, it } from 'vitest';
import { notAnAccessToken } from './verify-access-token';

const external = { isEmbeddedIdp: false };
const embedded = { isEmbeddedIdp: true };

describe('notAnAccessToken', () => {
  it('takes a token typed at+jwt, with or without the media type prefix', () => {
    expect(notAnAccessToken({ typ: 'at+jwt' }, {}, embedded)).toBeNull();
    expect(notAnAccessToken({ typ: 'application/at+JWT' }, { nonce: 'n' }, external)).toBeNull();
  });

  it('refuses other typed tokens, such as logout tokens', () => {
    expect(notAnAccessToken({ typ: 'logout+jwt' }, {}, external)).toMatch(/logout\+jwt token/);
  });

  it("refuses the embedded provider's tokens without at+jwt: its ID tokens carry no typ", () => {
    expect(notAnAccessToken({}, { nonce: 'n' }, embedded)).toMatch(/not an access token/);
    expect(notAnAccessToken({ typ: 'JWT' }, {}, embedded)).toMatch(/not an access token/);
  });

  it("takes Keycloak's access tokens (typ Bearer), although they carry the sign-in's nonce", () => {
    const payload = { typ: 'Bearer', nonce: 'n', azp: 'dataspace', session_state: 's' };
    expect(notAnAccessToken({ typ: 'JWT' }, payload, external)).toBeNull();
  });

  it("refuses Keycloak's ID and refresh tokens by their typ claim", () => {
    expect(notAnAccessToken({ typ: 'JWT' }, { typ: 'ID', at_hash: 'h' }, external)).toMatch(/type ID/);
    expect(notAnAccessToken({ typ: 'JWT' }, { typ: 'Refresh' }, external)).toMatch(/type Refresh/);
  });

  it("refuses another issuer's ID token by the claims only ID tokens carry", () => {
    expect(notAnAccessToken({ typ: 'JWT' }, { nonce: 'n' }, external)).toMatch(/ID token/);
    expect(notAnAccessToken({}, { at_hash: 'h' }, external)).toMatch(/ID token/);
  });

  it("takes another issuer's untyped access token without ID token claims", () => {
    expect(notAnAccessToken({ typ: 'JWT' }, { scope: 'openid', azp: 'dataspace' }, external)).toBeNull();
  });
});
