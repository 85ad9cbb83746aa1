import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser } from '../modules/users/create-user';
import { findUserByEmail } from '../modules/users/find-user-by-email';
import { createPasswordUser } from '../test/auth';
import { useTestApp } from '../test/lifecycle';
import { startTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { rotateSigningKeys } from './keys';
import {
  AuthorizationFlow,
  CookieJar,
  LoginError,
  loginWithPassword,
  readForm,
  realmUrl,
  refreshTokens,
} from './login-with-password';

const PASSWORD = 'correct-horse-42';

let counter = 0;

/** A new user with the product role and a known password; each call makes another one. */
async function makeUser(roles?: string[]) {
  const email = `user-${++counter}-${Date.now()}@example.org`;
  const user = await createPasswordUser(testApp, { email, name: `Test User ${counter}`, password: PASSWORD, roles });
  return { ...user, email };
}

async function publicKeys(baseUrl: string) {
  const response = await fetch(realmUrl(baseUrl, '/protocol/openid-connect/certs'));
  return (await response.json()) as { keys: { kid: string; kty: string; d?: string }[] };
}

const testApp = useTestApp();

describe('discovery', () => {
  it('publishes Keycloak-style endpoints under PUBLIC_URL', async () => {
    const response = await fetch(realmUrl(testApp.baseUrl, '/.well-known/openid-configuration'));
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    const issuer = `${testApp.baseUrl}/idp/realms/dsRealm`;
    expect(document).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      revocation_endpoint: `${issuer}/protocol/openid-connect/revoke`,
      introspection_endpoint: `${issuer}/protocol/openid-connect/token/introspect`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(testApp.config.issuer).toBe(issuer);
  });

  it('keeps a forged Host header out of the URLs it prints', async () => {
    const response = await fetch(realmUrl(testApp.baseUrl, '/.well-known/openid-configuration'), {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const document = (await response.json()) as { token_endpoint: string };
    expect(document.token_endpoint.startsWith(`${testApp.baseUrl}/`)).toBe(true);
  });

  it('publishes public keys only', async () => {
    const { keys } = await publicKeys(testApp.baseUrl);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key.kty === 'RSA' && key.d === undefined)).toBe(true);
  });
});

describe('authorization code flow with PKCE', () => {
  it('signs in through the form and issues Keycloak-shaped tokens', async () => {
    const user = await makeUser();
    const tokens = await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD });
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.expiresIn).toBe(300);
    expect(tokens.refreshToken).toBeTruthy();

    const jwks = createLocalJWKSet((await publicKeys(testApp.baseUrl)) as Parameters<typeof createLocalJWKSet>[0]);
    const { payload, protectedHeader } = await jwtVerify(tokens.accessToken, jwks, {
      issuer: testApp.config.issuer,
      audience: testApp.config.oidcAudience,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toBe(testApp.app.idp?.keyIds[0]);
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload).toMatchObject({
      sub: user.id,
      aud: 'dataspace',
      azp: 'dataspace',
      email: user.email,
      name: user.name,
      preferred_username: user.email,
      realm_access: { roles: ['DSM_USER'] },
    });

    const idToken = decodeJwt(tokens.idToken);
    expect(idToken).toMatchObject({
      sub: user.id,
      aud: 'dataspace',
      email: user.email,
      email_verified: false,
      name: user.name,
      iss: testApp.config.issuer,
    });
  });

  it('answers userinfo for the access token', async () => {
    const user = await makeUser();
    const tokens = await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD });
    const url = realmUrl(testApp.baseUrl, '/protocol/openid-connect/userinfo');
    const response = await fetch(url, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sub: user.id,
      email: user.email,
      email_verified: false,
      name: user.name,
      preferred_username: user.email,
    });

    const refused = await fetch(url, { headers: { authorization: 'Bearer not-a-token' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('gives a user without the role a token without it', async () => {
    const user = await makeUser([]);
    const tokens = await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD });
    expect(decodeJwt(tokens.accessToken).realm_access).toEqual({ roles: [] });
  });

  it('signs in again without the form while the session lasts', async () => {
    const user = await makeUser();
    const cookies = new CookieJar();
    await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD, cookies });
    const again = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, cookies });
    expect(again.step.kind).toBe('callback');
    expect(decodeJwt((await again.exchange()).accessToken).sub).toBe(user.id);
  });

  it('answers a silent check-sso (prompt=none) without showing a page', async () => {
    const silent = { redirectUri: `${testApp.baseUrl}/silent-check-sso.html`, extraParams: { prompt: 'none' } };
    const signedOut = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, ...silent });
    expect(signedOut.step.kind === 'callback' && signedOut.step.url.searchParams.get('error')).toBe('login_required');

    const user = await makeUser();
    const cookies = new CookieJar();
    await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD, cookies });
    const signedIn = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, cookies, ...silent });
    expect(signedIn.step.kind).toBe('callback');
    expect(decodeJwt((await signedIn.exchange()).accessToken).sub).toBe(user.id);
  });

  it('refuses a code exchange without the PKCE verifier', async () => {
    const user = await makeUser();
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const step = await flow.submit('sign-in-form', { email: user.email, password: PASSWORD });
    if (step.kind !== 'callback') throw new Error('expected a redirect back to the app');
    const response = await fetch(realmUrl(testApp.baseUrl, '/protocol/openid-connect/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: step.url.searchParams.get('code')!,
        redirect_uri: flow.redirectUri,
        client_id: 'dataspace',
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses an unregistered redirect URI with its own error page', async () => {
    const flow = await AuthorizationFlow.start({
      baseUrl: testApp.baseUrl,
      redirectUri: 'https://evil.example/callback',
    });
    expect(flow.step.kind).toBe('page');
    if (flow.step.kind !== 'page') return;
    expect(flow.step.status).toBe(400);
    expect(flow.html).toContain('redirect_uri');
    expect(flow.html).toContain('<html lang="de">');
    expect(flow.html).not.toMatch(/at .+\.js:\d+/);
    await expect(
      loginWithPassword({
        baseUrl: testApp.baseUrl,
        redirectUri: `${testApp.baseUrl}/auth/callback/other`,
        email: 'a@example.org',
        password: PASSWORD,
      }),
    ).rejects.toThrow(/redirect_uri/);
  });

  it('sends the user back to the app with access_denied on cancel', async () => {
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const step = await flow.submit('abort-form', {});
    expect(step.kind).toBe('callback');
    if (step.kind === 'callback') expect(step.url.searchParams.get('error')).toBe('access_denied');
  });
});

describe('sign-in form', () => {
  it('is in German by default and in English for ui_locales=en', async () => {
    const german = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toContain('<label for="email">E-Mail-Adresse</label>');
    expect(german.html).toContain('autocomplete="current-password"');
    const english = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, uiLocales: 'en' });
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain('<label for="email">E-mail address</label>');
    expect(english.html).toContain('>Sign in</h1>');
  });

  it('is in French, Spanish, Italian or Portuguese when the app asks for it, with links to all six languages', async () => {
    const french = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, uiLocales: 'fr' });
    expect(french.html).toContain('<html lang="fr">');
    expect(french.html).toContain('<label for="email">Adresse e-mail</label>');
    const spanish = await AuthorizationFlow.start({
      baseUrl: testApp.baseUrl,
      headers: { 'accept-language': 'es-ES' },
    });
    expect(spanish.html).toContain('<html lang="es">');
    for (const [code, name] of [
      ['it', 'Italiano'],
      ['pt', 'Português'],
      ['fr', 'Français'],
    ]) {
      expect(spanish.html).toContain(`hreflang="${code}">${name}</a>`);
    }
  });

  it('follows Accept-Language without ui_locales, and a lang parameter over it', async () => {
    const flow = await AuthorizationFlow.start({
      baseUrl: testApp.baseUrl,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(flow.html).toContain('<html lang="en">');
    if (flow.step.kind !== 'page') throw new Error('expected the sign-in page');
    const german = await fetch(`${flow.step.url}?lang=de`, { headers: { cookie: flow.jar.header() } });
    expect(await german.text()).toContain('<html lang="de">');
  });

  it('gives one message for a wrong password and for an unknown e-mail address', async () => {
    const user = await makeUser();
    const wrongPassword = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const first = await wrongPassword.submit('sign-in-form', { email: user.email, password: 'wrong-password-1' });
    const unknown = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const second = await unknown.submit('sign-in-form', { email: 'nobody@example.org', password: 'wrong-password-1' });
    if (first.kind !== 'page' || second.kind !== 'page') throw new Error('expected the sign-in page again');
    expect(first.status).toBe(401);
    expect(second.status).toBe(401);
    const message = 'E-Mail-Adresse oder Passwort ist falsch.';
    expect(first.html).toContain(`role="alert">${message}</div>`);
    expect(second.html).toContain(`role="alert">${message}</div>`);
    expect(first.html).toContain('aria-describedby="form-error"');
    expect(first.html).toContain(`value="${user.email}"`);
  });

  it('escapes what the user typed', async () => {
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const step = await flow.submit('sign-in-form', { email: '"><script>alert(1)</script>', password: 'x' });
    if (step.kind !== 'page') throw new Error('expected the sign-in page again');
    expect(step.html).not.toContain('<script>alert(1)</script>');
    expect(step.html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('refuses a post without the CSRF token with 403', async () => {
    const user = await makeUser();
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const step = await flow.submit('sign-in-form', { email: user.email, password: PASSWORD, csrf: '' });
    if (step.kind !== 'page') throw new Error('expected a refusal page');
    expect(step.status).toBe(403);
    expect(step.html).toContain('Anfrage abgelehnt');
  });

  it('refuses a post from another origin with 403', async () => {
    const user = await makeUser();
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const step = await flow.submit(
      'sign-in-form',
      { email: user.email, password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    if (step.kind !== 'page') throw new Error('expected a refusal page');
    expect(step.status).toBe(403);
  });

  it('refuses a CSRF token of another interaction', async () => {
    const user = await makeUser();
    const other = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const otherToken = readForm(other.html, testApp.baseUrl, 'sign-in-form').fields.csrf!;
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    const step = await flow.submit('sign-in-form', { email: user.email, password: PASSWORD, csrf: otherToken });
    expect(step.kind === 'page' && step.status).toBe(403);
  });

  it('sends page headers that stop caching and framing', async () => {
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    if (flow.step.kind !== 'page') throw new Error('expected the sign-in page');
    expect(flow.step.headers.get('cache-control')).toBe('no-store');
    expect(flow.step.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // A browser under no-referrer posts the form with "Origin: null", which the CSRF check refuses.
    expect(flow.step.headers.get('referrer-policy')).toBe('same-origin');
    expect(flow.step.headers.get('set-cookie')).toBeNull();
  });

  it('says the sign-in expired when the interaction cookie is missing', async () => {
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    if (flow.step.kind !== 'page') throw new Error('expected the sign-in page');
    const response = await fetch(flow.step.url);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Anmeldung abgelaufen');
  });
});

describe('sign-up', () => {
  it('refuses a weak password with the rule and creates a user with the role', async () => {
    const email = `new-${Date.now()}@example.org`;
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, uiLocales: 'en' });
    const link = /<a href="([^"]+\/signup[^"]*)">Sign up<\/a>/.exec(flow.html)?.[1];
    expect(link).toBeTruthy();
    const signUp = await flow.go(new URL(link!.replaceAll('&amp;', '&'), testApp.baseUrl).href);
    expect(signUp.kind === 'page' && signUp.html).toContain('autocomplete="new-password"');

    const short = await flow.submit('sign-up-form', { name: 'Ada', email, password: 'short1' });
    expect(short.kind === 'page' && short.status).toBe(400);
    expect(flow.html).toContain('The password must have at least 10 characters.');
    expect(flow.html).toContain('aria-describedby="password-hint password-error"');

    const noDigit = await flow.submit('sign-up-form', { name: 'Ada', email, password: 'only-letters-here' });
    expect(noDigit.kind === 'page' && noDigit.html).toContain('at least one letter and one digit');

    const containsEmail = await flow.submit('sign-up-form', {
      name: 'Ada',
      email,
      password: `${email.split('@')[0]}9x`,
    });
    expect(containsEmail.kind === 'page' && containsEmail.html).toContain('before the @');
    expect(await findUserByEmail(testApp.database.db, email)).toBeNull();

    const done = await flow.submit('sign-up-form', { name: 'Ada Lovelace', email, password: 'analytical-engine-1843' });
    expect(done.kind).toBe('callback');
    const tokens = await flow.exchange();
    expect(decodeJwt(tokens.accessToken)).toMatchObject({
      email,
      name: 'Ada Lovelace',
      realm_access: { roles: [testApp.config.userRole] },
    });
    const stored = await findUserByEmail(testApp.database.db, email);
    expect(stored?.roles).toEqual([testApp.config.userRole]);
    expect(stored?.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);

    const signedIn = await loginWithPassword({
      baseUrl: testApp.baseUrl,
      email: email.toUpperCase(),
      password: 'analytical-engine-1843',
    });
    expect(decodeJwt(signedIn.accessToken).sub).toBe(stored?.id);
  });

  it('refuses an e-mail address that has an account', async () => {
    const user = await makeUser();
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
    if (flow.step.kind !== 'page') throw new Error('expected the sign-in page');
    await flow.go(`${flow.step.url.split('?')[0]}/signup`);
    const step = await flow.submit('sign-up-form', { name: 'Twin', email: user.email, password: 'another-pass-99' });
    expect(step.kind === 'page' && step.status).toBe(409);
    expect(flow.html).toContain('Mit dieser E-Mail-Adresse gibt es schon ein Konto.');
  });
});

describe('API', () => {
  it('takes the access token, and answers 403 for a user without the role', async () => {
    const user = await makeUser();
    const tokens = await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD });
    const allowed = await fetch(`${testApp.baseUrl}/api/licence`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(allowed.status).toBe(200);
    const outsider = await makeUser([]);
    const outsiderTokens = await loginWithPassword({
      baseUrl: testApp.baseUrl,
      email: outsider.email,
      password: PASSWORD,
    });
    const refused = await fetch(`${testApp.baseUrl}/api/licence`, {
      headers: { authorization: `Bearer ${outsiderTokens.accessToken}` },
    });
    expect(refused.status).toBe(403);
  });
});

describe('refresh', () => {
  it('issues new tokens, rotates the refresh token and refuses the old one', async () => {
    const user = await makeUser();
    const first = await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD });
    const second = await refreshTokens({ baseUrl: testApp.baseUrl, refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(decodeJwt(second.accessToken)).toMatchObject({ sub: user.id, aud: 'dataspace', email: user.email });

    const replay = refreshTokens({ baseUrl: testApp.baseUrl, refreshToken: first.refreshToken });
    await expect(replay).rejects.toMatchObject({ status: 400, message: expect.stringContaining('invalid_grant') });
    // A replayed refresh token means it leaked: the whole grant ends, the newer token with it.
    await expect(refreshTokens({ baseUrl: testApp.baseUrl, refreshToken: second.refreshToken })).rejects.toThrow(
      /invalid_grant/,
    );
  });

  it('picks up changed roles on refresh', async () => {
    const user = await makeUser([]);
    const first = await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD });
    await testApp.database.db
      .updateTable('users')
      .set({ roles: [testApp.config.userRole] })
      .where('id', '=', user.id)
      .execute();
    const second = await refreshTokens({ baseUrl: testApp.baseUrl, refreshToken: first.refreshToken });
    expect(decodeJwt(second.accessToken).realm_access).toEqual({ roles: [testApp.config.userRole] });
  });
});

describe('logout', () => {
  it('ends the session without a question when the app sends id_token_hint, and the refresh token dies', async () => {
    const user = await makeUser();
    const cookies = new CookieJar();
    const tokens = await loginWithPassword({
      baseUrl: testApp.baseUrl,
      email: user.email,
      password: PASSWORD,
      cookies,
    });
    const logout = new URL(realmUrl(testApp.baseUrl, '/protocol/openid-connect/logout'));
    logout.search = new URLSearchParams({
      id_token_hint: tokens.idToken,
      post_logout_redirect_uri: `${testApp.baseUrl}/`,
      state: 'after-logout',
      ui_locales: 'en',
    }).toString();
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, cookies });
    const page = await flow.go(logout.href);
    if (page.kind !== 'page') throw new Error('expected the logout page');
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toMatch(
      /<script nonce="[^"]+">document\.getElementById\("op\.logoutForm"\)\.submit\(\);<\/script>/,
    );
    const nonce = /<script nonce="([^"]+)"/.exec(page.html)![1];
    expect(page.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);

    const form = readForm(page.html, page.url, 'op.logoutForm');
    expect(form.fields.logout).toBe('yes');
    const response = await fetch(form.action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.header() },
      body: new URLSearchParams(form.fields),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${testApp.baseUrl}/?state=after-logout`);
    cookies.store(response);

    await expect(refreshTokens({ baseUrl: testApp.baseUrl, refreshToken: tokens.refreshToken })).rejects.toThrow(
      /invalid_grant/,
    );
    const again = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, cookies });
    expect(again.step.kind === 'page' && again.html).toContain('id="sign-in-form"');
  });

  it('asks first without id_token_hint, and shows the signed-out page in the app look', async () => {
    const user = await makeUser();
    const cookies = new CookieJar();
    await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD, cookies });
    const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, cookies });
    const page = await flow.go(realmUrl(testApp.baseUrl, '/protocol/openid-connect/logout'));
    if (page.kind !== 'page') throw new Error('expected the logout page');
    expect(page.html).toContain('Möchten Sie sich vom data marketplace abmelden?');
    expect(page.html).not.toContain('<script');
    const signedOut = await flow.submit('op.logoutForm', { logout: 'yes' });
    if (signedOut.kind !== 'page') throw new Error('expected the signed-out page');
    expect(signedOut.status).toBe(200);
    expect(signedOut.html).toContain('Sie haben sich abgemeldet.');
    expect(signedOut.html).toContain(`href="${testApp.baseUrl}/"`);
  });

  it('refuses an unregistered post-logout redirect URI', async () => {
    const user = await makeUser();
    const tokens = await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD });
    const logout = new URL(realmUrl(testApp.baseUrl, '/protocol/openid-connect/logout'));
    logout.search = new URLSearchParams({
      id_token_hint: tokens.idToken,
      post_logout_redirect_uri: 'https://evil.example/',
    }).toString();
    const response = await fetch(logout, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('post_logout_redirect_uri');
  });
});

describe('signing keys', () => {
  it('signs with a rotated key after reloadKeys and publishes both keys', async () => {
    const user = await makeUser();
    const before = await loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: PASSWORD });
    const oldKid = decodeProtectedHeader(before.accessToken).kid;

    const newKid = await rotateSigningKeys(testApp.database.db);
    await testApp.app.idp!.reloadKeys();

    const after = await refreshTokens({ baseUrl: testApp.baseUrl, refreshToken: before.refreshToken });
    expect(decodeProtectedHeader(after.accessToken).kid).toBe(newKid);
    expect(decodeProtectedHeader(after.idToken).kid).toBe(newKid);
    const jwks = await publicKeys(testApp.baseUrl);
    expect(jwks.keys.map((key) => key.kid)).toEqual([newKid, oldKid]);
    // Tokens signed just before the rotation still verify against the published set.
    const keySet = createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]);
    await expect(jwtVerify(before.accessToken, keySet)).resolves.toBeTruthy();
    await expect(jwtVerify(after.accessToken, keySet)).resolves.toBeTruthy();
  });
});

describe('restart', () => {
  it('keeps a refresh token working on a new server over the same database', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestApp({}, { database });
      const user = await createUser({
        db: database.db,
        email: 'restart@example.org',
        name: 'Restart',
        password: PASSWORD,
        roles: [first.config.userRole],
      });
      const tokens = await loginWithPassword({ baseUrl: first.baseUrl, email: user.email, password: PASSWORD });
      await first.close();

      const second = await startTestApp({ PUBLIC_URL: first.baseUrl }, { database });
      try {
        const refreshed = await refreshTokens({ baseUrl: second.baseUrl, refreshToken: tokens.refreshToken });
        expect(decodeJwt(refreshed.accessToken)).toMatchObject({ sub: user.id, iss: first.config.issuer });
        // Behind a proxy PUBLIC_URL is not where a script reaches the server; the helper copes.
        const again = await loginWithPassword({ baseUrl: second.baseUrl, email: user.email, password: PASSWORD });
        expect(decodeJwt(again.accessToken).sub).toBe(user.id);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('errors', () => {
  it('shows a bad authorization request on an error page in the app look, in English when asked', async () => {
    const response = await fetch(
      `${realmUrl(testApp.baseUrl, '/protocol/openid-connect/auth')}?response_type=code&ui_locales=en`,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Something went wrong');
    expect(html).toContain('Error code: invalid_request');
    expect(html).toContain('class="brand"');
  });

  it('answers an unknown provider path with 404', async () => {
    const response = await fetch(realmUrl(testApp.baseUrl, '/protocol/openid-connect/nothing-here'));
    expect(response.status).toBe(404);
  });

  it('reports a wrong password as a LoginError with the page message', async () => {
    const user = await makeUser();
    const attempt = loginWithPassword({
      baseUrl: testApp.baseUrl,
      email: user.email,
      password: 'nope-nope-1',
      uiLocales: 'en',
    });
    await expect(attempt).rejects.toBeInstanceOf(LoginError);
    await expect(
      loginWithPassword({ baseUrl: testApp.baseUrl, email: user.email, password: 'nope-nope-1', uiLocales: 'en' }),
    ).rejects.toMatchObject({ status: 401, message: 'The e-mail address or password is wrong.' });
  });
});

describe("token endpoint CORS: only the web app's own origins", () => {
  const EVIL = 'https://evil.example';
  const tokenUrl = () => realmUrl(testApp.baseUrl, '/protocol/openid-connect/token');
  const ownOrigin = () => new URL(testApp.config.publicUrl).origin;

  const preflight = (origin: string) =>
    fetch(tokenUrl(), {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  const tokenRequest = (origin: string) =>
    fetch(tokenUrl(), {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'not-a-refresh-token',
        client_id: testApp.config.oidcClientId,
      }),
    });

  it('answers the preflight of the own origin with that origin', async () => {
    const response = await preflight(ownOrigin());
    expect(response.headers.get('access-control-allow-origin')).toBe(ownOrigin());
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('reflected any origin in the preflight of the token endpoint: another site gets no CORS answer', async () => {
    const response = await preflight(EVIL);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/origin/i);

    // The public keys hold nothing of a user: any site may still read them.
    const keys = await fetch(realmUrl(testApp.baseUrl, '/protocol/openid-connect/certs'), {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'GET' },
    });
    expect(keys.headers.get('access-control-allow-origin')).toBe(EVIL);
  });

  it('lets the own origin read a token answer and gives another site none', async () => {
    const own = await tokenRequest(ownOrigin());
    expect(own.headers.get('access-control-allow-origin')).toBe(ownOrigin());
    await own.arrayBuffer();
    const evil = await tokenRequest(EVIL);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    await evil.arrayBuffer();
  });
});
