import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import type { default as Provider } from 'oidc-provider';
import type pg from 'pg';
import { EMBEDDED_REALM_PATH, type TConfig } from '../config/config';
import type { TDb } from '../db/database';
import { createProvider } from './create-provider';
import { deriveCsrfKey } from './csrf';
import { registerInteractionRoutes } from './interaction-routes';
import { loadCookieSecrets, loadSigningKeys, type TSigningJwk, toPublicJwks } from './keys';
import { mountProvider } from './mount-provider';
import { sweepExpiredPayloads } from './postgres-adapter';
import { createFormLimiter, type TRateLimitSettings } from './rate-limits';
import { registerUserinfoRoute } from './userinfo-route';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded OpenID Connect provider; null when an external issuer (OIDC_ISSUER) is used. */
    idp: TIdentityProvider | null;
  }
}

/** The running embedded provider. */
export type TIdentityProvider = {
  /** The oidc-provider instance serving now; replaced by reloadKeys. */
  readonly provider: Provider;
  /** Key ids the provider publishes, the signing one first. */
  readonly keyIds: string[];
  /** Rebuilds the provider with the signing keys now in the database (after `npm run idp -- rotate-keys`). */
  reloadKeys(): Promise<void>;
  /** Stops the timers (expired-row sweeping, key checks); the app's onClose calls it. */
  close(): void;
};

export type TRegisterIdentityProviderOptions = {
  config: TConfig;
  db: TDb;
  /** The primary's pool, where the forms' brute-force limits are counted for every server process. */
  pool: pg.Pool;
  /** How often to look for keys rotated by another process; one minute unless told. */
  keyCheckIntervalMs?: number;
  /** How often expired sessions, codes and tokens are deleted; ten minutes unless told. */
  sweepIntervalMs?: number;
  /** Brute-force limits of the sign-in and sign-up forms. */
  rateLimits?: TRateLimitSettings;
};

const KEY_CHECK_INTERVAL_MS = 60_000;

/** The provider's endpoints are OpenID Connect's, documented by discovery, not by the API's OpenAPI. */
function hideFromApiDocs(route: RouteOptions): void {
  route.schema = { ...route.schema, hide: true };
}
const SWEEP_INTERVAL_MS = 10 * 60_000;

type TServing = {
  provider: Provider;
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  keySet: JWTVerifyGetKey;
  keyIds: string[];
};

/**
 * Serves the embedded OpenID Connect provider under `/idp/realms/dsRealm` with Keycloak's paths
 * (discovery, `/protocol/openid-connect/{auth,token,userinfo,certs,logout,revoke,token/introspect}`)
 * and its own sign-in pages under `/login-actions/`. Does nothing and returns null when an
 * external issuer is configured.
 */
export async function registerIdentityProvider(
  app: FastifyInstance,
  options: TRegisterIdentityProviderOptions,
): Promise<TIdentityProvider | null> {
  const { config, db } = options;
  if (!config.isEmbeddedIdp) return null;

  const cookieSecrets = await loadCookieSecrets(db);
  const build = async (keys: TSigningJwk[]): Promise<TServing> => {
    const provider = await createProvider({ config, db, signingKeys: keys, cookieSecrets, log: app.log });
    return {
      provider,
      handler: provider.callback(),
      keySet: createLocalJWKSet(toPublicJwks(keys) as Parameters<typeof createLocalJWKSet>[0]),
      keyIds: keys.map((key) => key.kid),
    };
  };
  let serving = await build(await loadSigningKeys(db));

  const reloadKeys = async () => {
    // Requests in flight finish on the old instance; sessions and tokens live in the database.
    serving = await build(await loadSigningKeys(db));
  };

  await app.register(
    async (realm) => {
      realm.addHook('onRoute', hideFromApiDocs);
      mountProvider(realm, { config, getHandler: () => serving.handler });
      registerUserinfoRoute(realm, { config, db, getKeySet: () => serving.keySet });
    },
    { prefix: EMBEDDED_REALM_PATH },
  );
  await app.register(
    async (realm) => {
      realm.addHook('onRoute', hideFromApiDocs);
      registerInteractionRoutes(realm, {
        config,
        db,
        getProvider: () => serving.provider,
        csrfKey: deriveCsrfKey(cookieSecrets[0]!),
        limiter: createFormLimiter({
          pool: options.pool,
          ...(options.rateLimits ? { settings: options.rateLimits } : {}),
        }),
      });
    },
    { prefix: EMBEDDED_REALM_PATH },
  );

  // A rotation by the CLI (or another server on the database) is picked up within a minute: one
  // cheap query for the published key ids, a rebuild only when they changed.
  let isChecking = false;
  const keyCheck = setInterval(async () => {
    if (isChecking) return;
    isChecking = true;
    try {
      const ids = (await loadSigningKeys(db)).map((key) => key.kid);
      if (ids.join(' ') !== serving.keyIds.join(' ')) {
        await reloadKeys();
        app.log.info({ kid: serving.keyIds[0] }, 'identity provider signing keys reloaded');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'identity provider key check failed');
    } finally {
      isChecking = false;
    }
  }, options.keyCheckIntervalMs ?? KEY_CHECK_INTERVAL_MS);
  keyCheck.unref();

  const sweep = setInterval(() => {
    sweepExpiredPayloads(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'identity provider could not delete expired sessions'),
    );
  }, options.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweep.unref();

  const close = () => {
    clearInterval(keyCheck);
    clearInterval(sweep);
  };
  app.addHook('onClose', async () => close());

  return {
    get provider() {
      return serving.provider;
    },
    get keyIds() {
      return serving.keyIds;
    },
    reloadKeys,
    close,
  };
}
