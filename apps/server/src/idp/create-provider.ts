import type { FastifyBaseLogger } from 'fastify';
import type {
  Configuration,
  Grant,
  KoaContextWithOIDC,
  default as Provider,
  errors as ProviderErrors,
  ResourceServer,
} from 'oidc-provider';
import type { TConfig } from '../config/config';
import type { TDb } from '../db/database';
import { findUserById } from '../modules/users/find-user-by-id';
import { accessTokenClaims, accountClaims } from './account-claims';
import { SIGNING_ALGORITHM, type TSigningJwk } from './keys';
import { LOCALES, MESSAGES } from './messages';
import { createScriptNonce, pageHeaders } from './pages/layout';
import { renderLogoutPage } from './pages/logout-page';
import { renderNoticePage } from './pages/notice-page';
import { PostgresAdapter } from './postgres-adapter';
import { resolveLocale } from './resolve-locale';

/** Keycloak's endpoint names, relative to the issuer, so a Keycloak realm can replace the provider. */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
} as const;

/**
 * The resource indicator of the marketplace API. Clients do not send one: it is the default, so
 * every access token is a JWT for the API, with the API's audience.
 */
export const API_RESOURCE = 'urn:dsm:api';

/** Scopes the first-party client gets without a consent screen. */
export const FIRST_PARTY_SCOPES = 'openid profile email';

/** Lifetimes, in seconds. */
export const TTL = {
  accessToken: 300,
  idToken: 300,
  authorizationCode: 60,
  interaction: 60 * 60,
  /** A sign-in lasts this long at most (Keycloak's "SSO session max"); refresh tokens end with it. */
  session: 10 * 60 * 60,
} as const;

export type TCreateProviderOptions = {
  config: TConfig;
  db: TDb;
  /** Private signing keys, newest (the one that signs) first. */
  signingKeys: TSigningJwk[];
  /** Cookie signing secrets, newest first. */
  cookieSecrets: string[];
  log: FastifyBaseLogger;
};

/** The provider's own path under PUBLIC_URL, e.g. `/idp/realms/dsRealm`. */
export function issuerPath(config: TConfig): string {
  return new URL(config.issuer).pathname.replace(/\/+$/, '');
}

function localeOf(ctx: KoaContextWithOIDC) {
  // Error pages can come before the parameters are parsed; then only the query and headers help.
  let uiLocales: unknown;
  try {
    uiLocales = ctx.oidc?.params?.ui_locales;
  } catch {
    uiLocales = undefined;
  }
  return resolveLocale({ uiLocales, lang: ctx.query.lang, acceptLanguage: ctx.get('accept-language') });
}

function setPageHeaders(ctx: KoaContextWithOIDC, nonce?: string): void {
  for (const [name, value] of Object.entries(pageHeaders(nonce))) ctx.set(name, value);
}

/**
 * What Keycloak calls a client's Web Origins: PUBLIC_URL's origin and the origins of its redirect URIs (the Vite dev
 * server runs with PUBLIC_URL set to its own origin). Only pages served there may call the token endpoint from a
 * browser.
 */
export function webOriginsOf(publicUrl: string, redirectUris: readonly string[]): Set<string> {
  return new Set([publicUrl, ...redirectUris].map((url) => new URL(url).origin));
}

/** Endpoints any site may read: the discovery document and the public keys hold nothing of a user. */
const OPEN_CORS_PATHS = ['/.well-known/openid-configuration', KEYCLOAK_ROUTES.jwks];

/**
 * oidc-provider answers every CORS preflight with the Origin it was sent, since the client is not known before the
 * request itself (clientBasedCORS then refuses it). A preflight from a foreign origin is answered here instead,
 * without any Access-Control-Allow-* header, so the browser never sends the request.
 */
function refuseForeignPreflights(webOrigins: ReadonlySet<string>) {
  // The mount hands the provider paths relative to the issuer.
  const openPaths = new Set<string>(OPEN_CORS_PATHS);
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const origin = ctx.get('origin');
    const isPreflight = ctx.method === 'OPTIONS' && origin !== '' && ctx.get('access-control-request-method') !== '';
    if (!isPreflight || webOrigins.has(origin) || openPaths.has(ctx.path)) return next();
    ctx.vary('Origin');
    ctx.status = 204;
  };
}

/**
 * Builds the oidc-provider instance: one public client (code + PKCE, refresh tokens), JWT access
 * tokens for the API, accounts from the users table, storage in PostgreSQL, pages in the app's
 * look. oidc-provider is loaded here, not at the top, so an external-issuer setup never loads it.
 */
export async function createProvider(options: TCreateProviderOptions): Promise<Provider> {
  const { default: ProviderClass, errors } = (await import('oidc-provider')) as {
    default: typeof Provider;
    errors: typeof ProviderErrors;
  };
  const { config, db } = options;
  const isHttps = config.publicUrl.startsWith('https:');
  const appUrl = `${config.publicUrl}/`;
  const realmPath = issuerPath(config);
  const redirectUris = [`${config.publicUrl}/auth/callback`, `${config.publicUrl}/silent-check-sso.html`];
  const webOrigins = webOriginsOf(config.publicUrl, redirectUris);

  const configuration: Configuration = {
    adapter: (name: string) => new PostgresAdapter(db, name),
    clients: [
      {
        client_id: config.oidcClientId,
        client_name: 'data marketplace',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: [`${config.publicUrl}/`, `${config.publicUrl}/login`],
      },
    ],
    jwks: { keys: options.signingKeys },
    cookies: {
      keys: options.cookieSecrets,
      long: { httpOnly: true, sameSite: 'lax', secure: isHttps, path: realmPath },
      // No path here: the provider scopes the interaction cookies to their own pages.
      short: { httpOnly: true, sameSite: 'lax', secure: isHttps },
    },
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    scopes: FIRST_PARTY_SCOPES.split(' '),
    responseTypes: ['code'],
    pkce: { required: () => true },
    clockTolerance: 5,
    // Called once the client of a request is known; preflights are judged before that, in the middleware below.
    clientBasedCORS: (_ctx, origin, client) => webOriginsOf(config.publicUrl, client.redirectUris ?? []).has(origin),
    routes: KEYCLOAK_ROUTES,
    discovery: { ui_locales_supported: [...LOCALES], claim_types_supported: ['normal'] },
    interactions: { url: (_ctx, interaction) => `${realmPath}/login-actions/${interaction.uid}` },

    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return { accountId: user.id, claims: () => accountClaims(user) };
    },
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const user = await findUserById(db, token.accountId);
      if (!user) return undefined;
      return accessTokenClaims(user, {
        clientId: token.clientId ?? config.oidcClientId,
        rolesClaim: config.oidcRolesClaim,
      });
    },

    // First-party client: grant its scopes at once instead of showing a consent screen.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const accountId = oidc.session!.accountId!;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
      let grant: Grant | undefined = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      // A grant revoked at logout or expired while the session lives on is replaced, not reused.
      if (!grant || grant.accountId !== accountId) grant = new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope(FIRST_PARTY_SCOPES);
      grant.addResourceScope(API_RESOURCE, FIRST_PARTY_SCOPES);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,

    ttl: {
      AccessToken: TTL.accessToken,
      IdToken: TTL.idToken,
      AuthorizationCode: TTL.authorizationCode,
      Interaction: TTL.interaction,
      Grant: TTL.session,
      Session: (_ctx, session) => {
        // Counted from the sign-in, not from the last visit, so a session cannot be kept alive for ever.
        if (!session.loginTs) return TTL.session;
        return Math.max(60, session.loginTs + TTL.session - Math.floor(Date.now() / 1000));
      },
      // A rotated refresh token inherits what is left of its predecessor: rotation never extends a sign-in.
      RefreshToken: (ctx) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : TTL.session;
      },
    },

    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      claimsParameter: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => API_RESOURCE,
        // Refreshes and code exchanges without a resource parameter get the API token too.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator): Promise<ResourceServer> => {
          if (resourceIndicator !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: FIRST_PARTY_SCOPES,
            audience: config.oidcAudience,
            accessTokenTTL: TTL.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALGORITHM } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const nonce = createScriptNonce();
          setPageHeaders(ctx, nonce);
          ctx.body = renderLogoutPage({
            locale: localeOf(ctx),
            providerForm: form,
            isAutoSubmit: ctx.oidc.entities.IdTokenHint !== undefined,
            scriptNonce: nonce,
            appUrl,
          });
        },
        async postLogoutSuccessSource(ctx) {
          const locale = localeOf(ctx);
          const m = MESSAGES[locale];
          setPageHeaders(ctx);
          ctx.body = renderNoticePage({
            locale,
            title: m.signedOutTitle,
            text: m.signedOutText,
            link: { href: appUrl, label: m.backToApp },
          });
        },
      },
    },

    async renderError(ctx, out, error) {
      if (out.error === 'server_error') options.log.error({ err: error }, 'identity provider error');
      const locale = localeOf(ctx);
      const m = MESSAGES[locale];
      setPageHeaders(ctx);
      ctx.type = 'html';
      ctx.body = renderNoticePage({
        locale,
        title: m.errorTitle,
        text: m.errorText,
        // The code and description only: what went wrong, never where in the code.
        details: `${m.errorCode}: ${out.error}${out.error_description ? ` – ${out.error_description}` : ''}`,
        link: { href: appUrl, label: m.backToApp },
        isError: true,
      });
    },
  };

  const provider = new ProviderClass(config.issuer, configuration);
  // URLs are pinned to PUBLIC_URL by the mount (forwarded headers it sets itself), so trusting them is safe.
  provider.proxy = true;
  provider.use(refuseForeignPreflights(webOrigins));
  provider.on('server_error', (_ctx, error) => options.log.error({ err: error }, 'identity provider error'));
  // Koa logs unexpected errors to stderr by itself unless someone listens.
  (provider as unknown as NodeJS.EventEmitter).on('error', (error: unknown) =>
    options.log.error({ err: error }, 'identity provider error'),
  );
  return provider;
}
