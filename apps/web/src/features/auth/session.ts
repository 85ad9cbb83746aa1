import type { TAppConfig } from '@dsm/contracts';
import { ErrorResponse, type User, UserManager } from 'oidc-client-ts';
import { CALLBACK_PATH, createOidcSettings, MIN_TOKEN_VALIDITY_S, userStorageKey } from './oidc-settings';

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

/**
 * Reads the remembered reason, leaving it in place: a render may run again before it is shown (when a
 * part of the page is still loading, React renders it afresh), so the page forgets it only once shown.
 */
export function peekLoginReason(): TLoginReason | null {
  try {
    const reason = sessionStorage.getItem(LOGIN_REASON_KEY);
    return reason === 'role' || reason === 'signedOut' || reason === 'expired' ? reason : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered reason, once the page has shown it: a reload shows the general text. */
export function forgetLoginReason(): void {
  try {
    sessionStorage.removeItem(LOGIN_REASON_KEY);
  } catch {
    // Storage off: nothing was remembered.
  }
}

/** The app's one UserManager and settings, created at start from /app-config.json. */
export type TSession = {
  userManager: UserManager;
  config: TAppConfig;
  /**
   * The browser's Web Locks when the tabs share the signed-in user (localStorage); null or absent
   * when each tab keeps its own (sessionStorage), as browsers without Web Locks do.
   */
  locks?: LockManager | null;
};

/** The Web Lock every tab takes to refresh: refresh tokens rotate, so only one tab may use one. */
export const REFRESH_LOCK = 'dsm-token-refresh';

function browserLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/**
 * Creates the session for the configured issuer and client. With Web Locks the signed-in user is
 * kept in localStorage, so a new tab opens signed in without asking the provider; the other tabs'
 * sign-outs and sign-ins reach this one through the storage event.
 */
export function createSession(
  config: TAppConfig,
  origin = window.location.origin,
  locks: LockManager | null = browserLocks(),
): TSession {
  const userStorage = locks ? window.localStorage : window.sessionStorage;
  const session = { userManager: new UserManager(createOidcSettings(config, origin, userStorage)), config, locks };
  if (locks) followOtherTabs(session);
  return session;
}

/**
 * Keeps this tab's user in step with what other tabs store: a sign-out there signs out here (the
 * guard then sends the user to sign in), a refresh or another user's sign-in there replaces the
 * user here, so no tab shows one user's name with another's token.
 */
function followOtherTabs(session: TSession): void {
  const key = userStorageKey(session.config);
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage || (event.key !== null && event.key !== key)) return;
    void readUser(session).then((user) => {
      if (user) return session.userManager.events.load(user);
      // Told before the user goes, so the guard that then reacts knows why (SignInProvider).
      signOutSignals.get(session)?.dispatchEvent(new Event(SIGNED_OUT_ELSEWHERE));
      return session.userManager.events.unload();
    });
  });
}

const SIGNED_OUT_ELSEWHERE = 'signed-out-elsewhere';
const signOutSignals = new WeakMap<TSession, EventTarget>();

/** Calls the listener when another tab ends the sign-in; returns the unsubscribe. */
export function onSignedOutElsewhere(session: TSession, listener: () => void): () => void {
  let signals = signOutSignals.get(session);
  if (!signals) {
    signals = new EventTarget();
    signOutSignals.set(session, signals);
  }
  signals.addEventListener(SIGNED_OUT_ELSEWHERE, listener);
  return () => signals.removeEventListener(SIGNED_OUT_ELSEWHERE, listener);
}

/** The stored user, or null; an unreadable record is removed, as nobody can use it. */
async function readUser(session: TSession): Promise<User | null> {
  try {
    return await session.userManager.getUser();
  } catch {
    await session.userManager.removeUser().catch(() => {});
    return null;
  }
}

/** True when the user's access token is valid for at least the specification's 5 s more. */
function isFresh(user: User): boolean {
  return user.expires_in === undefined || user.expires_in >= MIN_TOKEN_VALIDITY_S;
}

/**
 * The sign-in check on load. A stored user whose token is valid is used at once (a new tab of a
 * signed-in browser asks the provider nothing); an expired one is refreshed with its refresh
 * token; without either, the provider is asked in a hidden frame (prompt=none) whether its
 * session knows the user. Never throws: no session is a normal answer.
 */
export async function checkSso(session: TSession, location: Location = window.location): Promise<void> {
  if (location.pathname === CALLBACK_PATH) return;
  const user = await readUser(session);
  if (user && !user.expired) return;
  if (user?.refresh_token) {
    await renewOnce(session);
    return;
  }
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
  const user = await readUser(session);
  if (!user) return null;
  if (!isFresh(user)) return renewOnce(session);
  return user.access_token;
}

const renewals = new WeakMap<TSession, Promise<string | null>>();

/**
 * One refresh at a time: refresh tokens rotate, and the provider ends the whole sign-in when a
 * used one comes back. Calls in this tab share one renewal; tabs take turns under a Web Lock.
 */
function renewOnce(session: TSession): Promise<string | null> {
  const running = renewals.get(session);
  if (running) return running;
  const renewal = (session.locks ? underRefreshLock(session.locks, session) : renewUnlessFresh(session)).finally(() =>
    renewals.delete(session),
  );
  renewals.set(session, renewal);
  return renewal;
}

/** Runs the refresh holding the lock all tabs share; the lock is released when it settles. */
async function underRefreshLock(locks: LockManager, session: TSession): Promise<string | null> {
  return await locks.request(REFRESH_LOCK, () => renewUnlessFresh(session));
}

/**
 * Refreshes the stored user's tokens, unless another tab did while this one waited for the lock:
 * the user is read again first, and a token it refreshed is used as it is.
 */
async function renewUnlessFresh(session: TSession): Promise<string | null> {
  const user = await readUser(session);
  if (!user) return null;
  if (isFresh(user)) return user.access_token;
  try {
    const renewed = await session.userManager.signinSilent();
    return renewed?.access_token ?? null;
  } catch (error) {
    if (error instanceof ErrorResponse || !user.refresh_token) {
      // The provider refused: the sign-in is over, in every tab.
      await session.userManager.removeUser().catch(() => {});
      return null;
    }
    // The provider could not be reached: the sign-in may well live on, so it is kept.
    return user.expired ? null : user.access_token;
  }
}
