import { Avatar, Button, UnstyledButton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser, useSessionActions } from './current-user';

/** Width of the navbar's dropdown menus (the specification's 192 px). */
export const MENU_WIDTH = 192;

const ProfileMenu = lazy(async () => ({ default: (await import('./ProfileMenu')).ProfileMenu }));

function initialsOf(name: string, email: string): string {
  const words = (name || email).split(/[\s@.]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The profile menu with Logout when signed in, otherwise the 'Anmelden' button. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { signIn, signOut, isBusy } = useSessionActions();
  const location = useLocation();

  if (!user && isBusy) {
    // Holds the avatar's place while the sign-in check runs, so the header does not shift.
    return <span className="user-menu-placeholder" aria-hidden />;
  }
  if (!user) {
    const returnTo = location.pathname === '/login' ? '/' : `${location.pathname}${location.search}`;
    return (
      <Button size="xs" onClick={() => void signIn(returnTo)} data-testid="sign-in-button">
        {t('auth.signIn')}
      </Button>
    );
  }
  // The dropdown's code loads when a user is signed in; until then the same button, disabled.
  const avatarButton = (isLoading: boolean) => (
    <UnstyledButton
      aria-label={t('auth.profileMenu', { name: user.name || user.email })}
      data-testid="profile-menu"
      disabled={isLoading}
    >
      {/* The initials are for the eye; the button's name says whose profile it is. */}
      <Avatar size={32} radius="xl" color="blue.8" variant="filled" aria-hidden>
        {initialsOf(user.name, user.email)}
      </Avatar>
    </UnstyledButton>
  );
  return (
    <Suspense fallback={avatarButton(true)}>
      <ProfileMenu user={user} onSignOut={signOut}>
        {avatarButton(false)}
      </ProfileMenu>
    </Suspense>
  );
}
