import { randomUUID } from 'node:crypto';
import { type TOrganisationInput, ZOrganisationInput } from '@dsm/contracts';
import { importJWK, SignJWT } from 'jose';
import { loadSigningKeys } from '../idp/keys';
import type { TAuthUser } from '../modules/auth/verify-access-token';
import { saveOrganisationOfUser } from '../modules/organisations/organisations-repository';
import { toOrganisationFields } from '../modules/organisations/save-own-organisation';
import { createUser } from '../modules/users/create-user';
import { request, type TTestApp } from './test-app';

export type TSignInOptions = {
  email?: string;
  name?: string;
  /** Defaults to the product role; `[]` makes a user without it. */
  roles?: string[];
  /**
   * The user's organisation: by default TEST_ORGANISATION (complete enough to buy and to sell),
   * fields given here replace its; null leaves the user without one.
   */
  organisation?: Partial<TOrganisationInput> | null;
};

/** A German organisation with VAT ID and bank account: may buy and sell. */
export const TEST_ORGANISATION: TOrganisationInput = {
  legalName: 'Prüf Daten GmbH',
  street: 'Königsallee 1',
  postalCode: '40212',
  city: 'Düsseldorf',
  country: 'DE',
  vatId: 'DE136695976',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  contactEmail: 'billing@pruef.example',
};

export type TSignedIn = {
  user: TAuthUser;
  /** The Authorization header to send. */
  headers: { authorization: string };
  token: string;
};

export type TMintOptions = {
  /** Claims to add or replace (iss, aud, exp, realm_access, ...). */
  claims?: Record<string, unknown>;
  /** Seconds until expiry; negative makes an expired token. */
  expiresIn?: number;
  /** Sign with this private JWK instead of the provider's current key. */
  privateJwk?: Record<string, unknown>;
};

/**
 * An access token as the embedded provider issues it (same key, issuer, audience and claims),
 * minted directly so API tests need no browser flow. The sign-in flow itself is tested in src/idp.
 */
export async function mintAccessToken(
  testApp: TTestApp,
  subject: TAuthUser,
  options: TMintOptions = {},
): Promise<string> {
  const [current] = await loadSigningKeys(testApp.database.db);
  const jwk = options.privateJwk ?? current!;
  const key = await importJWK(jwk as Parameters<typeof importJWK>[0], 'RS256');
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    email: subject.email,
    name: subject.name,
    realm_access: { roles: subject.roles },
    azp: testApp.config.oidcClientId,
    ...options.claims,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: String(jwk.kid ?? 'test'), typ: 'at+jwt' })
    .setSubject(subject.id)
    .setIssuer(String(options.claims?.iss ?? testApp.config.issuer))
    .setAudience((options.claims?.aud as string | string[] | undefined) ?? testApp.config.oidcAudience)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 300))
    .setJti(randomUUID())
    .sign(key);
}

/**
 * Creates a user in the test database (it cannot sign in with a password), its organisation, and
 * an access token for it, with the product role unless told otherwise. Each call makes a new user.
 */
export async function signIn(testApp: TTestApp, options: TSignInOptions = {}): Promise<TSignedIn> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.org`;
  const name = options.name ?? 'Test User';
  const roles = options.roles ?? [testApp.config.userRole];
  const row = await testApp.database.db
    .insertInto('users')
    .values({ email, name, password_hash: 'unusable', roles })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user: TAuthUser = { id: row.id, email, name, roles };
  if (options.organisation !== null) {
    const values = ZOrganisationInput.parse({ ...TEST_ORGANISATION, ...options.organisation });
    await saveOrganisationOfUser(testApp.database.db, row.id, toOrganisationFields(values));
  }
  const token = await mintAccessToken(testApp, user);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** Signs in (see `signIn`) a user who is an operator of the marketplace as well as a user of it. */
export function signInOperator(testApp: TTestApp, options: Omit<TSignInOptions, 'roles'> = {}): Promise<TSignedIn> {
  return signIn(testApp, { ...options, roles: [testApp.config.userRole, `${testApp.config.productId}_OPERATOR`] });
}

/**
 * Sends JSON over real HTTP as the signed-in user (with their Authorization header) and returns the
 * status and parsed body; `request` of test-app with the app's address and the user's headers filled in.
 */
export function requestAs<T = unknown>(
  testApp: { baseUrl: string },
  who: { headers: Record<string, string> },
  method: string,
  path: string,
  body?: unknown,
): ReturnType<typeof request<T>> {
  return request<T>(testApp.baseUrl, method, path, body, who.headers);
}

/**
 * Creates a user who signs in with a password through the identity provider's own form (not with a
 * minted token), with the product role unless `roles` says otherwise. Answers the stored user.
 */
export function createPasswordUser(
  testApp: Pick<TTestApp, 'database' | 'config'>,
  user: { email: string; name: string; password: string; roles?: string[] },
) {
  return createUser({ db: testApp.database.db, ...user, roles: user.roles ?? [testApp.config.userRole] });
}
