import { appConfigEndpoint, ZAppConfig } from '@dsm/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthProvider, useAuth } from 'react-oidc-context';
import { configureApiAuth } from '../../shared/api';
import { readRoles } from './access-token';
import { CurrentUserProvider, type TCurrentUser, type TSessionActions } from './current-user';
import { FullPageStatus } from './FullPageStatus';
import { CALLBACK_PATH, LOGIN_PATH } from './oidc-settings';
import { safeReturnPath } from './return-path';
import { checkSso, createSession, getAccessToken, rememberLoginReason, type TSession } from './session';

export type TSignInProviderProps = {
  /** Moves the app to a path without a reload (the data router's navigate). */
  navigate(path: string): void;
  children: ReactNode;
};

type TBootState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; session: TSession };

async function loadSession(): Promise<TSession> {
  const response = await fetch(appConfigEndpoint.path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const session = createSession(ZAppConfig.parse(await response.json()));
  await checkSso(session);
  return session;
}

/**
 * Sets up sign-in before the app renders: reads the issuer from /app-config.json, runs the silent
 * check-sso, hands the API client its token source, and completes the provider's callback,
 * returning the user to the page they asked for.
 */
export function SignInProvider({ navigate, children }: TSignInProviderProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<TBootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger.
  useEffect(() => {
    let isCurrent = true;
    loadSession().then(
      (session) => {
        if (!isCurrent) return;
        configureApiAuth({
          getAccessToken: () => getAccessToken(session),
          onUnauthorized: () => void session.userManager.removeUser(),
        });
        setState({ status: 'ready', session });
      },
      () => isCurrent && setState({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  if (state.status === 'loading') return <FullPageStatus label={t('auth.checking')} />;
  if (state.status === 'failed') {
    return (
      <FullPageStatus
        isError
        label={t('auth.unavailable')}
        retryLabel={t('errors.retry')}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((value) => value + 1);
        }}
      />
    );
  }
  const { session } = state;
  return (
    <AuthProvider
      userManager={session.userManager}
      skipSigninCallback={window.location.pathname !== CALLBACK_PATH}
      onSigninCallback={(user) => {
        const returnTo = (user?.state as { returnTo?: unknown } | undefined)?.returnTo;
        navigate(safeReturnPath(returnTo));
      }}
    >
      <SessionBridge session={session}>{children}</SessionBridge>
    </AuthProvider>
  );
}

/** Turns the provider's user into the app's current user and actions. */
function SessionBridge({ session, children }: { session: TSession; children: ReactNode }) {
  const auth = useAuth();
  const { i18n } = useTranslation();
  const oidcUser = auth.user;
  const user = useMemo<TCurrentUser | null>(() => {
    if (!oidcUser || oidcUser.expired) return null;
    const profile = oidcUser.profile;
    return {
      id: profile.sub,
      email: typeof profile.email === 'string' ? profile.email : '',
      name: typeof profile.name === 'string' ? profile.name : (profile.preferred_username ?? ''),
      roles: readRoles(oidcUser.access_token, session.config.rolesClaim),
    };
  }, [oidcUser, session.config.rolesClaim]);

  const signIn = useCallback(
    (returnTo?: string) =>
      auth.signinRedirect({ state: { returnTo: safeReturnPath(returnTo ?? '/') }, ui_locales: i18n.language }),
    [auth, i18n.language],
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

  return (
    <CurrentUserProvider user={user} actions={actions} requiredRole={session.config.userRole}>
      {children}
    </CurrentUserProvider>
  );
}
