import type { TAppConfig } from '@dsm/contracts';
import { UserManager } from 'oidc-client-ts';
import { CALLBACK_PATH, createOidcSettings, MIN_TOKEN_VALIDITY_S } from './oidc-settings';

/** Why the login page is shown; it explains each in words. */
export type TLoginReason = 'role' | 'signedOut' | 'expired';
const LOGIN_REASON_KEY = 'dsm.loginReason';

/** Remembers why the user is sent to /login across the provider's logout redirect. */
export function rememberLoginReason(reason: TLoginReason): void {
  try {
    sessionStorage.setItem(LOGIN_REASON_KEY, reason);
  } catch {
    // Storage off: the page shows its general text.
  }
}

/** Reads and forgets the remembered reason. */
export function takeLoginReason(): TLoginReason | null {
  try {
    const reason = sessionStorage.getItem(LOGIN_REASON_KEY);
    sessionStorage.removeItem(LOGIN_REASON_KEY);
    return reason === 'role' || reason === 'signedOut' || reason === 'expired' ? reason : null;
  } catch {
    return null;
  }
}

/** The app's one UserManager and settings, created at start from /app-config.json. */
export type TSession = { userManager: UserManager; config: TAppConfig };

/** Creates the session for the configured issuer and client. */
export function createSession(config: TAppConfig, origin = window.location.origin): TSession {
  const userManager = new UserManager(createOidcSettings(config, origin));
  // A refresh the provider refuses (400: the grant is gone) ends the session here too.
  userManager.events.addSilentRenewError(() => {
    void userManager.removeUser();
  });
  return { userManager, config };
}

/**
 * The silent check-sso on load: with no signed-in user in this tab, asks the provider in a hidden
 * frame (prompt=none) whether its session knows the user. Never throws: no session is a normal answer.
 */
export async function checkSso(session: TSession, location: Location = window.location): Promise<void> {
  if (location.pathname === CALLBACK_PATH) return;
  const user = await session.userManager.getUser().catch(() => null);
  if (user && !user.expired) return;
  try {
    await session.userManager.signinSilent();
  } catch {
    await session.userManager.removeUser().catch(() => {});
  }
}

/**
 * The access token for an API call, refreshed first when it expires within 5 s. Returns null when
 * nobody is signed in or the refresh failed (the session is cleared then, and the guard signs in again).
 */
export async function getAccessToken(session: TSession): Promise<string | null> {
  const user = await session.userManager.getUser().catch(() => null);
  if (!user) return null;
  if (user.expires_in !== undefined && user.expires_in < MIN_TOKEN_VALIDITY_S) return renewOnce(session);
  return user.access_token;
}

const renewals = new WeakMap<TSession, Promise<string | null>>();

/**
 * One refresh at a time per session: refresh tokens rotate, and the provider ends the whole
 * sign-in when a used one comes back, so parallel calls must share one renewal.
 */
function renewOnce(session: TSession): Promise<string | null> {
  const running = renewals.get(session);
  if (running) return running;
  const renewal = session.userManager
    .signinSilent()
    .then((renewed) => renewed?.access_token ?? null)
    .catch(async () => {
      await session.userManager.removeUser().catch(() => {});
      return null;
    })
    .finally(() => renewals.delete(session));
  renewals.set(session, renewal);
  return renewal;
}
