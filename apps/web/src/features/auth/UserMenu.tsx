import { Avatar, Button, UnstyledButton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageSettled } from '../../shared/page-settled';
import { useCurrentUser, useSessionActions } from './current-user';

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
  const isSettled = usePageSettled();

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
  const initials = initialsOf(user.name, user.email);
  // The dropdown's code loads when a user is signed in and the first page has shown its data
  // (shared/page-settled.ts); until then the same button, disabled.
  const avatarButton = (isLoading: boolean) => (
    <UnstyledButton
      // The name starts with the initials the button shows, so a voice command saying what is on
      // screen finds it (WCAG 2.5.3), and goes on to say whose profile it is.
      aria-label={`${initials}: ${t('auth.profileMenu', { name: user.name || user.email })}`}
      data-testid="profile-menu"
      disabled={isLoading}
    >
      <Avatar size={32} radius="xl" color="blue.8" variant="filled" aria-hidden>
        {initials}
      </Avatar>
    </UnstyledButton>
  );
  if (!isSettled) return avatarButton(true);
  return (
    <Suspense fallback={avatarButton(true)}>
      <ProfileMenu user={user} onSignOut={signOut}>
        {avatarButton(false)}
      </ProfileMenu>
    </Suspense>
  );
}
