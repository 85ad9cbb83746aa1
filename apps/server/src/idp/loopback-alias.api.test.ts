import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/test-app';
import { AuthorizationFlow } from './login-with-password';
import { loopbackAliasHosts } from './redirect-loopback-alias';

let testApp: TTestApp;
let port: string;

beforeAll(async () => {
  // PUBLIC_URL is http://127.0.0.1:<port>; the browser's other name for it is localhost:<port>.
  testApp = await startTestApp();
  port = new URL(testApp.baseUrl).port;
});

afterAll(async () => {
  await testApp?.close();
});

/** A browser's page load: it asks for HTML. */
async function get(url: string, host: string) {
  return testApp.app.inject({
    method: 'GET',
    url,
    headers: { host, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
  });
}

describe('the other loopback name in the embedded mode', () => {
  it('sends a page opened under localhost to the same page under PUBLIC_URL, before sign-in can start there', async () => {
    const response = await get('/results?query=water&page=2', `localhost:${port}`);
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe(`${testApp.baseUrl}/results?query=water&page=2`);
    expect((await get('/', `[::1]:${port}`)).headers.location).toBe(`${testApp.baseUrl}/`);
  });

  it('signs in from the page the redirect lands on', async () => {
    const target = (await get('/login', `localhost:${port}`)).headers.location as string;
    const flow = await AuthorizationFlow.start({
      baseUrl: testApp.baseUrl,
      redirectUri: `${new URL(target).origin}/auth/callback`,
    });
    expect(flow.step.kind).toBe('page');
    if (flow.step.kind !== 'page') return;
    expect(flow.step.status).toBe(200);
    expect(flow.html).toContain('sign-in-form');
  });

  it('leaves the API, other ports and foreign hosts alone', async () => {
    // The API answers for itself under either name (here: sign in first), never with a redirect.
    const api = await get('/api/licence', `localhost:${port}`);
    expect(api.statusCode).toBe(401);
    expect(api.headers['content-type']).toContain('application/json');
    expect((await get('/results', `localhost:${Number(port) + 1}`)).statusCode).not.toBe(308);
    const foreign = await get('/results', `evil.example:${port}`);
    expect(foreign.statusCode).not.toBe(308);
    expect(foreign.headers.location).toBeUndefined();
    // A health check or script asks for anything, not for a page.
    const probe = await testApp.app.inject({ method: 'GET', url: '/readyz', headers: { host: `localhost:${port}` } });
    expect(probe.statusCode).toBe(200);
  });

  it('still refuses a redirect URI on a foreign host at the provider', async () => {
    const flow = await AuthorizationFlow.start({
      baseUrl: testApp.baseUrl,
      redirectUri: `http://evil.example:${port}/auth/callback`,
    });
    if (flow.step.kind !== 'page') throw new Error('expected the provider error page');
    expect(flow.step.status).toBe(400);
    expect(flow.html).toContain('invalid_redirect_uri');
  });
});

describe('loopbackAliasHosts', () => {
  it('names the other loopback names at the same port', () => {
    expect([...loopbackAliasHosts('http://localhost:8080')].sort()).toEqual(['127.0.0.1:8080', '[::1]:8080']);
    expect(loopbackAliasHosts('http://127.0.0.1').has('localhost')).toBe(true);
  });

  it('names none for a public address', () => {
    expect(loopbackAliasHosts('https://data.example.org').size).toBe(0);
  });
});

describe('an external issuer', () => {
  it('does not redirect: the app and its issuer are configured elsewhere', async () => {
    const external = await startTestApp({ OIDC_ISSUER: 'https://login.example.org/realms/x' });
    try {
      const response = await external.app.inject({
        method: 'GET',
        url: '/results',
        headers: { host: `localhost:${new URL(external.baseUrl).port}` },
      });
      expect(response.statusCode).not.toBe(308);
    } finally {
      await external.close();
    }
  });
});
