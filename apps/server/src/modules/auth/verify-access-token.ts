import { ErrorCode } from '@dsm/contracts';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JWTHeaderParameters,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { TConfig } from '../../config/config';
import type { TDb } from '../../db/database';
import { isDatabaseUnavailableError } from '../../db/database-availability';
import { loadSigningKeys, toPublicJwks } from '../../idp/keys';
import { AppError } from '../../lib/app-error';

/** The signed-in caller of an API route, read from a verified access token. */
export type TAuthUser = {
  /** The token's subject: the user's id at the identity provider. */
  id: string;
  email: string;
  name: string;
  /** Realm roles, read from the configured roles claim. */
  roles: string[];
};

/** Algorithms an access token may be signed with; `none` and HMAC are never accepted. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Tolerated clock difference between the provider and this server, in seconds. */
const CLOCK_TOLERANCE_S = 5;
/** Least time between two reloads of the key set for an unknown key id. */
const RELOAD_COOLDOWN_MS = 1_000;

export type TTokenVerifier = (token: string) => Promise<TAuthUser>;

/** Reads a dot path such as `realm_access.roles` out of a token payload. */
export function readClaim(payload: JWTPayload, path: string): unknown {
  let value: unknown = payload;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The embedded provider's keys, read from the database it signs with; an unknown key id reloads
 * them (a rotation made by another process), at most once a second.
 */
function databaseKeySet(db: TDb): JWTVerifyGetKey {
  let keySet: JWTVerifyGetKey | null = null;
  let loadedAt = 0;
  const load = async () => {
    keySet = createLocalJWKSet(toPublicJwks(await loadSigningKeys(db)) as Parameters<typeof createLocalJWKSet>[0]);
    loadedAt = Date.now();
    return keySet;
  };
  return async (header, token) => {
    const current = keySet ?? (await load());
    try {
      return await current(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - loadedAt < RELOAD_COOLDOWN_MS) throw error;
      return (await load())(header, token);
    }
  };
}

/**
 * An external issuer's keys, from the jwks_uri of its discovery document; jose caches them and
 * fetches again when a token names a key id it does not know.
 */
function remoteKeySet(issuer: string): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | null = null;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`discovery answered HTTP ${response.status}`);
    const document = (await response.json()) as { jwks_uri?: unknown };
    if (typeof document.jwks_uri !== 'string') throw new Error('discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(document.jwks_uri), {
      cooldownDuration: RELOAD_COOLDOWN_MS,
      timeoutDuration: 5_000,
    });
  };
  return async (header, token) => {
    keySet ??= discover().catch((error: unknown) => {
      keySet = null;
      throw new AppError(
        ErrorCode.SERVICE_UNAVAILABLE,
        `The identity provider cannot be reached to check the token: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return (await keySet)(header, token);
  };
}

/** Claims only an ID token carries (OpenID Connect Core 3.1.3.6, 3.3.2.11): never an access token's. */
const ID_TOKEN_CLAIMS = ['nonce', 'at_hash', 'c_hash', 's_hash'] as const;

/**
 * Why a token that verified is still not an access token for this API, or null when it is one.
 * The ID token of the same sign-in has the same issuer, keys and (with the client id as audience)
 * the same `aud`, so signature and claims alone let it through. What tells them apart, in order:
 * the header's `typ` `at+jwt` (RFC 9068; the embedded provider and Keycloak's "at+jwt" option set
 * it), any other `typ` than plain `JWT` (`logout+jwt` and the like), Keycloak's own `typ` claim
 * (`Bearer` for access tokens, `ID` or `Refresh` otherwise; checked before the next rule because
 * Keycloak copies the `nonce` into access tokens too), and the claims only ID tokens carry. The
 * embedded provider marks every access token, so there a token without `at+jwt` is refused.
 */
export function notAnAccessToken(
  header: Pick<JWTHeaderParameters, 'typ'>,
  payload: JWTPayload,
  options: { isEmbeddedIdp: boolean },
): string | null {
  const typ = typeof header.typ === 'string' ? header.typ.toLowerCase().replace(/^application\//, '') : '';
  if (typ === 'at+jwt') return null;
  if (typ !== '' && typ !== 'jwt') return `The bearer token is a ${header.typ} token, not an access token`;
  if (options.isEmbeddedIdp) return 'The bearer token is not an access token (its header has no typ at+jwt)';
  if (typeof payload.typ === 'string') {
    if (payload.typ.toLowerCase() === 'bearer') return null;
    return `The bearer token is a token of type ${payload.typ}, not an access token`;
  }
  if (ID_TOKEN_CLAIMS.some((claim) => payload[claim] !== undefined)) {
    return 'The bearer token is an ID token, not an access token';
  }
  return null;
}

function unauthorized(message: string): AppError {
  return new AppError(ErrorCode.UNAUTHORIZED, message);
}

/** Turns jose's failures into the messages a caller can act on. */
function explain(error: unknown, config: TConfig): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof errors.JWTExpired) return unauthorized('The access token has expired; refresh it and retry');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return unauthorized(`The access token was not issued by ${config.issuer}`);
    if (error.claim === 'aud')
      return unauthorized(`The access token is not meant for this API (audience ${config.oidcAudience})`);
    if (error.claim === 'nbf') return unauthorized('The access token is not valid yet');
    return unauthorized(`The access token's ${error.claim} claim is invalid`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return unauthorized('The access token is not signed by a key of the identity provider');
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return unauthorized('The access token is signed with an algorithm that is not accepted');
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported
  ) {
    return unauthorized('The bearer token is malformed');
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The identity provider cannot be reached to check the token');
  }
  return unauthorized('The access token could not be verified');
}

export type TCreateTokenVerifierOptions = {
  config: TConfig;
  /** The database the embedded provider keeps its keys in. */
  db: TDb;
};

/** Verified tokens kept at most; the oldest goes first. A kept token costs its own length and a user's claims. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies access tokens: signature against the issuer's keys, issuer, audience, expiry, and that
 * it is an access token (not the ID token of the same sign-in); then reads the user. Throws AppError UNAUTHORIZED with a reason a caller can act on.
 *
 * A token that verified is kept, by its exact text, until its `exp`: the same bytes verify the same way until
 * then (an access token cannot be withdrawn, and a retired signing key is dropped here only when a token names
 * an unknown one), and checking the signature is a third of a millisecond of CPU on every request a page sends.
 * Refusals are never kept.
 */
export function createTokenVerifier(options: TCreateTokenVerifierOptions): TTokenVerifier {
  const verify = createUncachedTokenVerifier(options);
  const kept = new Map<string, { user: TAuthUser; expiresAt: number }>();
  return async (token) => {
    const hit = kept.get(token);
    if (hit) {
      if (Date.now() < hit.expiresAt) return hit.user;
      kept.delete(token);
    }
    const { user, expiresAt } = await verify(token);
    if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(token, { user, expiresAt });
    return user;
  };
}

function createUncachedTokenVerifier(
  options: TCreateTokenVerifierOptions,
): (token: string) => Promise<{ user: TAuthUser; expiresAt: number }> {
  const { config } = options;
  const keys = config.isEmbeddedIdp ? databaseKeySet(options.db) : remoteKeySet(config.issuer);
  return async (token) => {
    let payload: JWTPayload;
    let header: JWTHeaderParameters;
    try {
      ({ payload, protectedHeader: header } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.oidcAudience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      // Keys that cannot be read from a stopped database are an outage (503), not a bad token (401).
      if (isDatabaseUnavailableError(error)) throw error;
      throw explain(error, config);
    }
    // An ID token sent as a bearer token verifies like an access token; it gets the same 401 as any other.
    const problem = notAnAccessToken(header, payload, { isEmbeddedIdp: config.isEmbeddedIdp });
    if (problem) throw unauthorized(`${problem} for this API; send the access token`);
    const roles = readClaim(payload, config.oidcRolesClaim);
    const email = payload.email;
    const name = payload.name ?? payload.preferred_username;
    // Frozen: the same object answers every request that sends this token.
    const user: TAuthUser = Object.freeze({
      id: String(payload.sub),
      email: typeof email === 'string' ? email : '',
      name: typeof name === 'string' ? name : '',
      roles: Object.freeze(
        Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
      ) as string[],
    });
    return { user, expiresAt: Number(payload.exp) * 1000 };
  };
}
