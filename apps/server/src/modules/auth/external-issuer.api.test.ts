import { ErrorCode } from '@dsm/contracts';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSigningKeys } from '../../idp/keys';
import { loginWithPassword } from '../../idp/login-with-password';
import { useTestApp } from '../../test/lifecycle';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { createUser } from '../users/create-user';

// Two servers: one runs the embedded provider, the other is configured with it as an external
// issuer, the way a Keycloak realm replaces the embedded provider by configuration alone.
let apiApp: TTestApp;
const credentials = { email: 'external.buyer@example.org', password: 'a-good-passphrase-42' };

async function signInAtIssuer(): Promise<string> {
  return (await loginWithPassword({ baseUrl: issuerApp.baseUrl, ...credentials })).accessToken;
}

function search(token: string) {
  return request<{ code?: string; message?: string }>(
    apiApp.baseUrl,
    'POST',
    '/api/search',
    { index: 0, pageSize: 10 },
    { authorization: `Bearer ${token}` },
  );
}

const issuerApp = useTestApp();

beforeAll(async () => {
  await createUser({
    db: issuerApp.database.db,
    name: 'External Buyer',
    roles: [issuerApp.config.userRole],
    ...credentials,
  });
  apiApp = await startTestApp({ OIDC_ISSUER: issuerApp.config.issuer });
});

afterAll(async () => {
  await apiApp?.close();
});

describe('an external issuer', () => {
  it('tells the web app to sign in there and serves no provider of its own', async () => {
    const settings = await request<{ issuer: string; isEmbeddedIdp: boolean }>(
      apiApp.baseUrl,
      'GET',
      '/app-config.json',
    );
    expect(settings.body).toMatchObject({ issuer: issuerApp.config.issuer, isEmbeddedIdp: false });
    const discovery = await request(apiApp.baseUrl, 'GET', '/idp/realms/dsRealm/.well-known/openid-configuration');
    expect(discovery.status).toBe(404);
  });

  it("hands the web app the issuer's endpoints, read once from its discovery document", async () => {
    const discovery = await request<Record<string, unknown>>(
      issuerApp.baseUrl,
      'GET',
      '/idp/realms/dsRealm/.well-known/openid-configuration',
    );
    // The document is read in the background at start, so the settings never wait for the issuer.
    await expect
      .poll(
        async () => (await request<{ metadata?: unknown }>(apiApp.baseUrl, 'GET', '/app-config.json')).body.metadata,
      )
      .toEqual({
        issuer: discovery.body.issuer,
        authorization_endpoint: discovery.body.authorization_endpoint,
        token_endpoint: discovery.body.token_endpoint,
        userinfo_endpoint: discovery.body.userinfo_endpoint,
        end_session_endpoint: discovery.body.end_session_endpoint,
        jwks_uri: discovery.body.jwks_uri,
        revocation_endpoint: discovery.body.revocation_endpoint,
      });
  });

  it("accepts the issuer's tokens, verified against its published keys", async () => {
    const response = await search(await signInAtIssuer());
    expect(response.status).toBe(200);
  });

  it('fetches the keys again when a token names a key id it has not seen', async () => {
    const before = await signInAtIssuer();
    expect((await search(before)).status).toBe(200);
    await rotateSigningKeys(issuerApp.database.db);
    await issuerApp.app.idp!.reloadKeys();
    // The key set is fetched at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await signInAtIssuer();
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
    expect((await search(after)).status).toBe(200);
  });

  it("answers the issuer's ID token with 401 invalid_token, like any token that is no access token", async () => {
    const { idToken } = await loginWithPassword({ baseUrl: issuerApp.baseUrl, ...credentials });
    const response = await search(idToken);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(ErrorCode.UNAUTHORIZED);
    expect(response.body.message).toMatch(/ID token, not an access token/);
    expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const foreign = await loginWithPassword({ baseUrl: issuerApp.baseUrl, ...credentials });
    const tampered = foreign.accessToken.split('.');
    tampered[1] = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(tampered[1]!, 'base64url').toString()),
        iss: apiApp.config.publicUrl,
      }),
    ).toString('base64url');
    const response = await search(tampered.join('.'));
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(ErrorCode.UNAUTHORIZED);
  });
});
