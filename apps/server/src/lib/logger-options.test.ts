import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger-options';

describe('redactUrl', () => {
  it('hides codes and ID token hints but keeps the rest of the request line', () => {
    expect(redactUrl('/auth/callback?code=abc.def&state=xyz&iss=http%3A%2F%2Fx')).toBe(
      '/auth/callback?code=redacted&state=xyz&iss=http%3A%2F%2Fx',
    );
    expect(redactUrl('/idp/realms/dsRealm/protocol/openid-connect/logout?id_token_hint=eyJ.x.y')).toBe(
      '/idp/realms/dsRealm/protocol/openid-connect/logout?id_token_hint=redacted',
    );
    expect(redactUrl('/api/search?q=code')).toBe('/api/search?q=code');
  });

  it("hides the identity provider's interaction id, which is also its interaction cookie's value", () => {
    expect(redactUrl('/idp/realms/dsRealm/login-actions/ZCnEZpwtQ28CuIxWNp5q/login?lang=de')).toBe(
      '/idp/realms/dsRealm/login-actions/redacted/login?lang=de',
    );
    expect(redactUrl('/idp/realms/dsRealm/login-actions/ZCnEZpwtQ28CuIxWNp5q')).toBe(
      '/idp/realms/dsRealm/login-actions/redacted',
    );
    expect(redactUrl('/idp/realms/dsRealm/protocol/openid-connect/auth/ZCnEZpwtQ28CuIxWNp5q')).toBe(
      '/idp/realms/dsRealm/protocol/openid-connect/auth/redacted',
    );
    expect(redactUrl('/idp/realms/dsRealm/protocol/openid-connect/auth?client_id=dataspace&code_challenge=abc')).toBe(
      '/idp/realms/dsRealm/protocol/openid-connect/auth?client_id=dataspace&code_challenge=abc',
    );
  });
});
