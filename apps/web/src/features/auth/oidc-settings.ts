import type { TAppConfig } from '@dsm/contracts';
import { type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';

/** Paths of the app the provider redirects back to; registered exactly at the provider. */
export const CALLBACK_PATH = '/auth/callback';
export const SILENT_CHECK_PATH = '/silent-check-sso.html';
export const LOGIN_PATH = '/login';

/** Refresh the access token when it expires within this many seconds (the specification's 5 s). */
export const MIN_TOKEN_VALIDITY_S = 5;
/** How long a sign-in may take at the provider before its callback state is discarded (60 min). */
const CALLBACK_STATE_AGE_S = 60 * 60;
/** How long the silent check-sso may take (the specification's message timeout, 10000 ms). */
const SILENT_TIMEOUT_S = 10;

/**
 * The oidc-client-ts settings for the app's public client at the configured issuer. `userStorage`
 * is localStorage when the tabs share the session (refreshes then run under a cross-tab lock,
 * session.ts), sessionStorage otherwise.
 */
export function createOidcSettings(
  config: TAppConfig,
  origin: string,
  userStorage: Storage = window.sessionStorage,
): UserManagerSettings {
  return {
    authority: config.issuer,
    // The server names the issuer's endpoints, which saves the discovery request; without them it is made.
    ...(config.metadata && { metadata: config.metadata }),
    client_id: config.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_CHECK_PATH}`,
    post_logout_redirect_uri: `${origin}${LOGIN_PATH}`,
    response_type: 'code',
    scope: 'openid profile email',
    // The profile (id, e-mail) comes from the userinfo endpoint, as the specification says.
    loadUserInfo: true,
    // Tokens are refreshed when a call needs one (session.ts): renewal timers in every open tab
    // would race each other for the one rotating refresh token.
    automaticSilentRenew: false,
    silentRequestTimeoutInSeconds: SILENT_TIMEOUT_S,
    staleStateAgeInSeconds: CALLBACK_STATE_AGE_S,
    userStore: new WebStorageStateStore({ store: userStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  };
}

/** The key oidc-client-ts keeps the signed-in user under (its store prefix `oidc.`, then `user:`). */
export function userStorageKey(config: TAppConfig): string {
  return `oidc.user:${config.issuer}:${config.clientId}`;
}
