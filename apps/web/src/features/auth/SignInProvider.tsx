import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthProvider, useAuth } from 'react-oidc-context';
import { configureApiAuth } from '../../shared/api-auth';
import { readRoles } from './access-token';
import { loadAppConfig } from './app-config';
import { CurrentUserProvider, type TCurrentUser, type TSessionActions } from './current-user';
import { FullPageStatus } from './FullPageStatus';
import { CALLBACK_PATH, LOGIN_PATH } from './oidc-settings';
import { safeReturnPath } from './return-path';
import {
  checkSso,
  createSession,
  getAccessToken,
  onSignedOutElsewhere,
  rememberLoginReason,
  type TSession,
} from './session';

export type TSignInProviderProps = {
  /** Moves the app to a path without a reload (the data router's navigate). */
  navigate(path: string): void;
  children: ReactNode;
};

type TBootState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; session: TSession };

/** What the app sees of the session: the user and the actions (busy while the session is set up). */
type TSessionView = { user: TCurrentUser | null; actions: TSessionActions; requiredRole: string | undefined };

const never = () => new Promise<never>(() => {});
/** While the sign-in check runs nobody is signed in yet, and nobody is sent to sign in either. */
const BOOTING: TSessionView = {
  user: null,
  actions: { isBusy: true, error: null, signIn: never, signOut: () => {}, signOutLackingRole: () => {} },
  requiredRole: undefined,
};

async function loadSession(): Promise<TSession> {
  const session = createSession(await loadAppConfig());
  await checkSso(session);
  return session;
}

let pendingSession: Promise<TSession> | null = null;

/**
 * Starts the sign-in check once per page load: main.tsx calls it before the first render, so the
 * provider's round trips run while the app renders. A failed check is not kept: the next call
 * (Retry) checks again.
 */
export function startSignInCheck(): Promise<TSession> {
  pendingSession ??= loadSession().catch((error: unknown) => {
    pendingSession = null;
    throw error;
  });
  return pendingSession;
}

/**
 * Sets up sign-in: reads the issuer from /app-config.json, restores the signed-in user (stored by
 * any tab of the browser, refreshed when expired) or runs the silent check-sso, hands the
 * API client its token source, and completes the provider's callback, returning the user to the
 * page they asked for. The app renders meanwhile (the shell and the open pages at once; the guard
 * of the other pages waits for the check), so the first paint does not wait for the provider's
 * round trips.
 */
export function SignInProvider({ navigate, children }: TSignInProviderProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<TBootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<TSessionView>(BOOTING);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger.
  useEffect(() => {
    let isCurrent = true;
    startSignInCheck().then(
      (session) => {
        if (!isCurrent) return;
        configureApiAuth({
          getAccessToken: () => getAccessToken(session),
          onUnauthorized: () => void session.userManager.removeUser(),
        });
        // The page behind the guard renders now: in slices, not as one long task (main.tsx).
        startTransition(() => setState({ status: 'ready', session }));
      },
      () => isCurrent && setState({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  if (state.status === 'failed') {
    return (
      <FullPageStatus
        isError
        label={t('auth.unavailable')}
        retryLabel={t('errors.retry')}
        onRetry={() => {
          setView(BOOTING);
          setState({ status: 'loading' });
          setAttempt((value) => value + 1);
        }}
      />
    );
  }
  // The children keep their place in the tree when the session arrives, so the page shown while
  // the check ran is updated rather than mounted again.
  return (
    <>
      {state.status === 'ready' && (
        <AuthProvider
          userManager={state.session.userManager}
          skipSigninCallback={window.location.pathname !== CALLBACK_PATH}
          onSigninCallback={(user) => {
            const returnTo = (user?.state as { returnTo?: unknown } | undefined)?.returnTo;
            navigate(safeReturnPath(returnTo));
          }}
        >
          <SessionBridge session={state.session} navigate={navigate} onChange={setView} />
        </AuthProvider>
      )}
      <CurrentUserProvider user={view.user} actions={view.actions} requiredRole={view.requiredRole}>
        {children}
      </CurrentUserProvider>
    </>
  );
}

/**
 * How long after another tab ended the sign-in a sign-in request shows /login instead of going to
 * the provider: the other tab's logout there may still be under way, and a sign-in started now
 * could be answered by the very session being ended.
 */
const SIGNED_OUT_ELSEWHERE_MS = 10_000;

type TSessionBridgeProps = {
  session: TSession;
  navigate(path: string): void;
  onChange(view: TSessionView): void;
};

/** Turns the provider's user into the app's current user and actions, and reports them. */
function SessionBridge({ session, navigate, onChange }: TSessionBridgeProps) {
  const { config } = session;
  const auth = useAuth();
  const { i18n } = useTranslation();
  const signedOutElsewhereAt = useRef(0);
  useEffect(
    () =>
      onSignedOutElsewhere(session, () => {
        signedOutElsewhereAt.current = Date.now();
      }),
    [session],
  );
  const oidcUser = auth.user;
  const user = useMemo<TCurrentUser | null>(() => {
    if (!oidcUser || oidcUser.expired) return null;
    const profile = oidcUser.profile;
    return {
      id: profile.sub,
      email: typeof profile.email === 'string' ? profile.email : '',
      name: typeof profile.name === 'string' ? profile.name : (profile.preferred_username ?? ''),
      roles: readRoles(oidcUser.access_token, config.rolesClaim),
    };
  }, [oidcUser, config.rolesClaim]);

  const signIn = useCallback(
    (returnTo?: string) => {
      if (Date.now() - signedOutElsewhereAt.current < SIGNED_OUT_ELSEWHERE_MS) {
        // Signed out in another tab: this one says so on /login; signing in from there starts afresh.
        signedOutElsewhereAt.current = 0;
        rememberLoginReason('expired');
        navigate(LOGIN_PATH);
        return Promise.resolve();
      }
      return auth.signinRedirect({ state: { returnTo: safeReturnPath(returnTo ?? '/') }, ui_locales: i18n.language });
    },
    [auth, i18n.language, navigate],
  );
  const endSession = useCallback(
    (reason: 'signedOut' | 'role') => {
      rememberLoginReason(reason);
      auth.signoutRedirect({ post_logout_redirect_uri: `${window.location.origin}${LOGIN_PATH}` }).catch(async () => {
        // The provider is away: end the session here at least.
        await auth.removeUser();
        window.location.assign(LOGIN_PATH);
      });
    },
    [auth],
  );
  const isBusy = auth.isLoading || auth.activeNavigator !== undefined;
  const error = auth.error ? auth.error.message : null;
  const actions = useMemo<TSessionActions>(
    () => ({
      isBusy,
      error,
      signIn,
      signOut: () => endSession('signedOut'),
      signOutLackingRole: () => endSession('role'),
    }),
    [isBusy, error, signIn, endSession],
  );

  useEffect(() => {
    startTransition(() => onChange({ user, actions, requiredRole: config.userRole }));
  }, [onChange, user, actions, config.userRole]);
  return null;
}
