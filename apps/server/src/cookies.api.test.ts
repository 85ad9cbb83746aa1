import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthorizationFlow, realmUrl } from './idp/login-with-password';
import { createPasswordUser } from './test/auth';
import { startTestApp, type TTestApp } from './test/test-app';

/**
 * The cookies the server sets are the embedded identity provider's (interaction, resume and session cookies; the
 * API itself is stateless and sets none). Each must be HttpOnly (no script reads it), SameSite (other sites' pages
 * do not send it along) and, when PUBLIC_URL is https, Secure.
 */

const PASSWORD = 'cookie-test-Passw0rd-3318';

type TSetCookie = { name: string; attributes: string[] };

const seen: TSetCookie[] = [];
const realFetch = globalThis.fetch;

beforeEach(() => {
  seen.length = 0;
  // Every response of the sign-in passes here, so no Set-Cookie header escapes the checks.
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      seen.push({
        name: pair.slice(0, pair.indexOf('=')).trim(),
        attributes: attributes.map((attribute) => attribute.trim().toLowerCase()),
      });
    }
    return response;
  };
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

const apps: TTestApp[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** Signs up, signs in, opens the API and signs out, as a browser would; the cookies set on the way. */
async function signInAndOut(testApp: TTestApp, options: { publicUrl?: string; headers?: Record<string, string> }) {
  const email = `cookie-${Date.now()}@example.org`;
  await createPasswordUser(testApp, { email, name: 'Cookie User', password: PASSWORD });
  const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, ...options });
  await flow.submit('sign-in-form', { email, password: PASSWORD });
  const tokens = await flow.exchange();
  await fetch(`${testApp.baseUrl}/api/orders`, {
    headers: { authorization: `Bearer ${tokens.accessToken}`, ...options.headers },
  });
  await fetch(`${testApp.baseUrl}/app-config.json`, { headers: options.headers });
  const logout = new URL(realmUrl(testApp.baseUrl, '/protocol/openid-connect/logout'));
  logout.search = new URLSearchParams({ id_token_hint: tokens.idToken, client_id: 'dataspace' }).toString();
  await flow.go(logout.href);
}

const isSet = (cookie: TSetCookie, attribute: string) =>
  cookie.attributes.some((entry) => entry === attribute || entry.startsWith(`${attribute}=`));

/** The sign-in's cookies were all set, each HttpOnly and SameSite=Lax, and Secure or not as told. */
function expectSignInCookies({ isSecure }: { isSecure: boolean }) {
  const names = new Set(seen.map((cookie) => cookie.name));
  for (const name of ['_interaction', '_interaction_resume', '_session']) expect(names.has(name), name).toBe(true);
  for (const cookie of seen) {
    expect(isSet(cookie, 'httponly'), `${cookie.name} HttpOnly`).toBe(true);
    expect(cookie.attributes, `${cookie.name} SameSite`).toContain('samesite=lax');
    expect(isSet(cookie, 'secure'), `${cookie.name} Secure`).toBe(isSecure);
  }
}

describe('cookies', () => {
  it('are HttpOnly and SameSite=Lax, and not Secure on an http PUBLIC_URL (browsers would drop them)', async () => {
    const testApp = await startTestApp();
    apps.push(testApp);
    await signInAndOut(testApp, {});
    expectSignInCookies({ isSecure: false });
  });

  it('are Secure too when PUBLIC_URL is https (behind a TLS proxy)', async () => {
    const publicUrl = 'https://market.example';
    const testApp = await startTestApp({ PUBLIC_URL: publicUrl });
    apps.push(testApp);
    await signInAndOut(testApp, { publicUrl, headers: { 'x-forwarded-proto': 'https' } });
    expectSignInCookies({ isSecure: true });
  });

  it('are never set by the API', async () => {
    const testApp = await startTestApp();
    apps.push(testApp);
    for (const path of ['/api/orders', '/app-config.json', '/healthz', '/api/no-such-route']) {
      await fetch(`${testApp.baseUrl}${path}`);
    }
    expect(seen).toEqual([]);
  });
});
