import { ErrorCode, type TErrorResponse } from '@dsm/contracts';
import { exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../config/config';
import { rotateSigningKeys } from '../../idp/keys';
import { loginWithPassword } from '../../idp/login-with-password';
import { mintAccessToken, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { createUser } from '../users/create-user';
import { isGuardedPath } from './plugin';

let buyer: TSignedIn;

const SEARCH = { index: 0, pageSize: 10 };

function searchWith(headers: Record<string, string>) {
  return request<TErrorResponse>(testApp.baseUrl, 'POST', '/api/search', SEARCH, headers);
}

const testApp = useTestApp();

beforeAll(async () => {
  buyer = await signIn(testApp, { email: 'buyer@example.org' });
});

describe('API authorization', () => {
  it('lets a valid token with the product role through', async () => {
    const response = await searchWith(buyer.headers);
    expect(response.status).toBe(200);
  });

  it('answers a request without a token with 401, a JSON body and WWW-Authenticate', async () => {
    const response = await searchWith({});
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, code: ErrorCode.UNAUTHORIZED, error: 'Unauthorized' });
    expect(response.body.message).toMatch(/no bearer token/);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it.each([
    ['a Basic header', 'Basic dXNlcjpwYXNz', /must be "Bearer/],
    ['a bearer without token', 'Bearer ', /must be "Bearer/],
    ['garbage', 'Bearer not-a-jwt', /malformed/],
    ['three parts of nonsense', 'Bearer aaa.bbb.ccc', /malformed/],
  ])('answers %s with 401 naming the problem', async (_name, header, message) => {
    const response = await searchWith({ authorization: header });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(ErrorCode.UNAUTHORIZED);
    expect(response.body.message).toMatch(message);
  });

  it('refuses an expired token', async () => {
    const token = await mintAccessToken(testApp, buyer.user, { expiresIn: -60 });
    const response = await searchWith({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/expired/);
  });

  it('refuses a token from another issuer', async () => {
    const token = await mintAccessToken(testApp, buyer.user, {
      claims: { iss: 'https://evil.example/realms/dsRealm' },
    });
    const response = await searchWith({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/not issued by/);
  });

  it('refuses a token for another audience', async () => {
    const token = await mintAccessToken(testApp, buyer.user, { claims: { aud: 'some-other-api' } });
    const response = await searchWith({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/audience/);
  });

  it('refuses a token signed by a foreign key that claims a known key id', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const [known] =
      (
        await request<{ keys: { kid: string }[] }>(
          testApp.baseUrl,
          'GET',
          '/idp/realms/dsRealm/protocol/openid-connect/certs',
        )
      ).body.keys ?? [];
    const foreign = { ...(await exportJWK(privateKey)), kid: known?.kid ?? 'unknown' };
    const token = await mintAccessToken(testApp, buyer.user, { privateJwk: foreign });
    const response = await searchWith({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/not signed by a key/);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${encode({ alg: 'none' })}.${encode({
      sub: buyer.user.id,
      iss: testApp.config.issuer,
      aud: testApp.config.oidcAudience,
      exp: now + 300,
      realm_access: { roles: [testApp.config.userRole] },
    })}.`;
    const response = await searchWith({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
  });

  it('answers a valid token without the product role with 403 naming the role', async () => {
    const noRole = await signIn(testApp, { roles: ['OTHER_APP_USER'] });
    const response = await searchWith(noRole.headers);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ statusCode: 403, code: ErrorCode.FORBIDDEN });
    expect(response.body.message).toBe(`The role ${testApp.config.userRole} is required`);
  });

  it('answers an ID token sent as a bearer token with 401 invalid_token, not 403 for a missing role', async () => {
    const credentials = { email: 'id-token-holder@example.org', password: 'a-good-passphrase-42' };
    await createUser({
      db: testApp.database.db,
      name: 'ID Token Holder',
      roles: [testApp.config.userRole],
      ...credentials,
    });
    const tokens = await loginWithPassword({ baseUrl: testApp.baseUrl, ...credentials });
    expect((await searchWith({ authorization: `Bearer ${tokens.accessToken}` })).status).toBe(200);
    const response = await searchWith({ authorization: `Bearer ${tokens.idToken}` });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, code: ErrorCode.UNAUTHORIZED });
    expect(response.body.message).toMatch(/not an access token/);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('accepts tokens signed with a key rotated in by another process', async () => {
    await rotateSigningKeys(testApp.database.db);
    // The verifier reloads the key set at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fresh = await mintAccessToken(testApp, buyer.user);
    const response = await searchWith({ authorization: `Bearer ${fresh}` });
    expect(response.status).toBe(200);
    // A token signed before the rotation still verifies until it expires.
    expect((await searchWith(buyer.headers)).status).toBe(200);
  });

  it('guards GET routes and unknown API paths alike', async () => {
    expect((await request(testApp.baseUrl, 'GET', '/api/search/cache')).status).toBe(401);
    expect((await request(testApp.baseUrl, 'GET', '/api/licence')).status).toBe(401);
    expect((await request(testApp.baseUrl, 'POST', '/idp-service/payment', {})).status).toBe(401);
    expect((await request(testApp.baseUrl, 'GET', '/api/nothing-here')).status).toBe(401);
  });

  // Regression: the guard read the raw URL while the router decodes percent-escapes, so /%61pi/... ran the
  // handlers of /api/... without a token (an anonymous search, catalogue read or connector offer upload).
  it.each([
    ['POST', '/%61pi/search', SEARCH],
    ['GET', '/%61pi/metadata', undefined],
    ['GET', '/%61%70%69/orders', undefined],
    ['POST', '/%61pi/metadata', { connectorId: 'any', offerId: 'any' }],
    ['POST', '/%69dp-service/payment', { consumerId: 'x', purchasedItems: [{ productId: 'p', providerId: 'q' }] }],
    ['GET', '/api/%64ocs/../orders', undefined],
  ])('guards %s %s, a percent-encoded guarded path, like the path it decodes to', async (method, path, body) => {
    const response = await request<TErrorResponse>(testApp.baseUrl, method, path, body);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('keeps health, the API docs and the app settings open', async () => {
    expect((await request(testApp.baseUrl, 'GET', '/healthz')).status).toBe(200);
    expect((await request(testApp.baseUrl, 'GET', '/readyz')).status).toBe(200);
    expect((await request(testApp.baseUrl, 'GET', '/api/docs/json')).status).toBe(200);
    const settings = await request<Record<string, unknown>>(testApp.baseUrl, 'GET', '/app-config.json');
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({
      issuer: `${testApp.baseUrl}/idp/realms/dsRealm`,
      clientId: 'dataspace',
      userRole: 'DSM_USER',
      rolesClaim: 'realm_access.roles',
      isEmbeddedIdp: true,
      operator: { ...DEMO_OPERATOR, isDemo: true, legalDates: { privacyPolicy: '2019-04-01', terms: '2020-02-26' } },
      metadata: expect.any(Object),
    });
  });

  it("hands the app the embedded provider's endpoints as its discovery document names them", async () => {
    const settings = await request<{ metadata: Record<string, string> }>(testApp.baseUrl, 'GET', '/app-config.json');
    const discovery = await request<Record<string, unknown>>(
      testApp.baseUrl,
      'GET',
      '/idp/realms/dsRealm/.well-known/openid-configuration',
    );
    expect(discovery.status).toBe(200);
    const endpoints = Object.keys(settings.body.metadata);
    expect(endpoints).toEqual(
      expect.arrayContaining(['issuer', 'authorization_endpoint', 'token_endpoint', 'userinfo_endpoint']),
    );
    expect(endpoints).toEqual(expect.arrayContaining(['end_session_endpoint', 'jwks_uri']));
    for (const endpoint of endpoints) expect(settings.body.metadata[endpoint]).toBe(discovery.body[endpoint]);
    // A client choosing the sign-in's language sees every language its pages are written in.
    expect(discovery.body.ui_locales_supported).toEqual(['de', 'en', 'fr', 'es', 'it', 'pt']);
  });
});

describe('isGuardedPath', () => {
  it.each([
    ['/api/search', true],
    ['/api/search?query=x', true],
    ['/api', true],
    ['/idp-service/payment', true],
    ['/api/docs', false],
    ['/api/docs/json', false],
    ['/api/docsx', true],
    ['/healthz', false],
    ['/results', false],
    ['/idp/realms/dsRealm/protocol/openid-connect/token', false],
  ])('%s -> %s', (path, expected) => {
    expect(isGuardedPath(path)).toBe(expected);
  });
});
