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

/** The oidc-client-ts settings for the app's public client at the configured issuer. */
export function createOidcSettings(config: TAppConfig, origin: string): UserManagerSettings {
  return {
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_CHECK_PATH}`,
    post_logout_redirect_uri: `${origin}${LOGIN_PATH}`,
    response_type: 'code',
    scope: 'openid profile email',
    // The profile (id, e-mail) comes from the userinfo endpoint, as the specification says.
    loadUserInfo: true,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: 30,
    silentRequestTimeoutInSeconds: SILENT_TIMEOUT_S,
    staleStateAgeInSeconds: CALLBACK_STATE_AGE_S,
    // Signed-in state lives per tab; a new tab signs in silently through the provider's session.
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  };
}
