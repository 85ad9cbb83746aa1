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
});
