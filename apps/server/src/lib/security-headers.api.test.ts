import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginWithPassword, realmUrl } from '../idp/login-with-password';
import { createPasswordUser } from '../test/auth';
import { startTestApp, type TTestApp } from '../test/test-app';

const PASSWORD = 'correct-horse-42';

/** Every Set-Cookie line the server sends during a password sign-in at this app. */
async function cookiesOfSignIn(testApp: TTestApp, publicUrl?: string): Promise<string[]> {
  const email = `cookie-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
  await createPasswordUser(testApp, { email, name: 'Cookie Tester', password: PASSWORD });
  const lines: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
    const response = await realFetch(...args);
    lines.push(...response.headers.getSetCookie());
    return response;
  });
  await loginWithPassword({ baseUrl: testApp.baseUrl, email, password: PASSWORD, ...(publicUrl ? { publicUrl } : {}) });
  return lines;
}

function cookieName(line: string): string {
  return line.split('=')[0]!.trim();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('on plain http (a local demo)', () => {
  let testApp: TTestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sends a strict Content-Security-Policy with the API and the web app', async () => {
    const response = await fetch(`${testApp.baseUrl}/api/health`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('pins nothing to https while PUBLIC_URL is http', async () => {
    const response = await fetch(`${testApp.baseUrl}/api/health`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('gives another origin no CORS access to the API', async () => {
    const origin = 'https://attacker.example';
    const read = await fetch(`${testApp.baseUrl}/api/health`, { headers: { origin } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${testApp.baseUrl}/api/orders`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it("keeps the provider's own stricter policy on its pages", async () => {
    const response = await fetch(realmUrl(testApp.baseUrl, '/protocol/openid-connect/auth?client_id=nobody'));
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("sets the provider's cookies HttpOnly and SameSite", async () => {
    const lines = await cookiesOfSignIn(testApp);
    const names = new Set(lines.map(cookieName));
    expect(names).toContain('_session');
    expect(names).toContain('_interaction');
    for (const line of lines) {
      expect(line, cookieName(line)).toMatch(/;\s*httponly/i);
      expect(line, cookieName(line)).toMatch(/;\s*samesite=lax/i);
      expect(line, cookieName(line)).not.toMatch(/;\s*secure/i);
    }
  });
});

describe('behind https (PUBLIC_URL https)', () => {
  const publicUrl = 'https://market.example';
  let testApp: TTestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ PUBLIC_URL: publicUrl });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sends HSTS', async () => {
    const response = await fetch(`${testApp.baseUrl}/api/health`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it("marks the provider's cookies Secure", async () => {
    const lines = await cookiesOfSignIn(testApp, publicUrl);
    expect(lines.map(cookieName)).toContain('_session');
    for (const line of lines) {
      expect(line, cookieName(line)).toMatch(/;\s*secure/i);
      expect(line, cookieName(line)).toMatch(/;\s*httponly/i);
    }
  });
});

describe('with an external issuer', () => {
  it("lets the browser reach the issuer's origin and nothing else", async () => {
    const { contentSecurityPolicy } = await import('./security-headers');
    const { loadConfig } = await import('../config/config');
    const directives = contentSecurityPolicy(
      loadConfig({ OIDC_ISSUER: 'https://login.example.org/realms/market', PUBLIC_URL: 'https://market.example' }),
    );
    expect(directives['connect-src']).toEqual(["'self'", 'https://login.example.org']);
    expect(directives['frame-src']).toEqual(["'self'", 'https://login.example.org']);
    expect(directives['script-src']).toEqual(["'self'"]);
  });
});
