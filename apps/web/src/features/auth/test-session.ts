import type { TAppConfig } from '@dsm/contracts';
import { type IdTokenClaims, User } from 'oidc-client-ts';
import { userStorageKey } from './oidc-settings';

const ISSUER = 'http://127.0.0.1:8320/idp/realms/dsRealm';
const ENDPOINTS = `${ISSUER}/protocol/openid-connect`;

/** The app settings as the server hands them out, with the embedded provider's endpoints. */
export const TEST_CONFIG: TAppConfig = {
  issuer: ISSUER,
  clientId: 'dataspace',
  userRole: 'DSM_USER',
  rolesClaim: 'realm_access.roles',
  isEmbeddedIdp: true,
  operator: {
    company: 'Example GmbH',
    address: 'Street 1, 10115 Berlin',
    register: 'HRB 1',
    vatId: 'DE123',
    email: 'info@example.org',
    phone: '+49 30 1',
    isDemo: true,
    legalDates: { privacyPolicy: '2019-04-01', terms: '2020-02-26' },
  },
  metadata: {
    issuer: ISSUER,
    authorization_endpoint: `${ENDPOINTS}/auth`,
    token_endpoint: `${ENDPOINTS}/token`,
    userinfo_endpoint: `${ENDPOINTS}/userinfo`,
    end_session_endpoint: `${ENDPOINTS}/logout`,
    jwks_uri: `${ENDPOINTS}/certs`,
  },
};

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/** An unsigned access token carrying the product role: the app reads it, the API would check it. */
export function testAccessToken(sub: string, label = 'first'): string {
  return `${base64url({ alg: 'none' })}.${base64url({ sub, label, realm_access: { roles: ['DSM_USER'] } })}.sig`;
}

export type TStoredUserOptions = { sub?: string; name?: string; expiresInS?: number; refreshToken?: string };

/** Stores a signed-in user where oidc-client-ts keeps it when the tabs share the session. */
export function storeSignedInUser(options: TStoredUserOptions = {}): User {
  const { sub = 'user-1', name = 'Ada Lovelace', expiresInS = 300, refreshToken = 'refresh-1' } = options;
  const now = Math.floor(Date.now() / 1000);
  const user = new User({
    access_token: testAccessToken(sub),
    token_type: 'Bearer',
    refresh_token: refreshToken,
    scope: 'openid profile email',
    profile: {
      sub,
      name,
      email: `${sub}@example.org`,
      iss: ISSUER,
      aud: 'dataspace',
      exp: now + 300,
      iat: now,
    } as IdTokenClaims,
    expires_at: now + expiresInS,
  });
  localStorage.setItem(userStorageKey(TEST_CONFIG), user.toStorageString());
  return user;
}

/**
 * A stand-in for the browser's Web Locks: callers of one lock run one after the other. Two
 * sessions given the same one behave like two tabs of one browser.
 */
export function createTestLocks(): LockManager {
  let queue: Promise<unknown> = Promise.resolve();
  const request = (_name: string, callback: (lock: Lock | null) => unknown) => {
    const run = queue.then(() => callback(null));
    queue = run.catch(() => {});
    return run;
  };
  return { request, query: async () => ({ held: [], pending: [] }) } as unknown as LockManager;
}

/** The URL a fetch call asked for. */
export function requestedUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
