import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser, useRequiredRole, useSessionActions } from './current-user';
import { FullPageStatus } from './FullPageStatus';

export type TRequireSignInProps = {
  /** The roles every page under this guard needs (all of them); the product role by default. */
  roles?: string[];
};

/**
 * The route guard of the specification: a signed-out user goes to the provider's login and comes
 * back to the requested route with its query; a user lacking a role is signed out and sent to /login.
 */
export function RequireSignIn({ roles: requestedRoles }: TRequireSignInProps) {
  const { t } = useTranslation();
  const requiredRole = useRequiredRole();
  const roles = requestedRoles ?? [requiredRole];
  const user = useCurrentUser();
  const session = useSessionActions();
  const location = useLocation();
  const [hasFailed, setHasFailed] = useState(false);
  const isRedirecting = useRef(false);
  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  const lacksRole = user !== null && roles.some((role) => !user.roles.includes(role));

  useEffect(() => {
    if (session.isBusy || isRedirecting.current || hasFailed) return;
    if (user === null) {
      isRedirecting.current = true;
      session.signIn(returnTo).catch(() => {
        isRedirecting.current = false;
        setHasFailed(true);
      });
    } else if (lacksRole) {
      isRedirecting.current = true;
      session.signOutLackingRole();
    }
  }, [session, user, lacksRole, returnTo, hasFailed]);

  if (hasFailed) {
    return (
      <FullPageStatus
        isError
        label={t('auth.unavailable')}
        retryLabel={t('errors.retry')}
        onRetry={() => setHasFailed(false)}
      />
    );
  }
  if (user === null && session.isBusy && !isRedirecting.current) {
    // The sign-in check of the page load is still running; the shell is already on screen.
    return <FullPageStatus label={t('auth.checking')} />;
  }
  if (user === null || lacksRole) return <FullPageStatus label={t('auth.redirecting')} />;
  return <Outlet />;
}
