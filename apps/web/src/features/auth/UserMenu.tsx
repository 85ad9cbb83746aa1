import { Avatar, Button, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser, useSessionActions } from './current-user';

/** Width of the navbar's dropdown menus (the specification's 192 px). */
export const MENU_WIDTH = 192;

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
  const { signIn, signOut } = useSessionActions();
  const location = useLocation();

  if (!user) {
    const returnTo = location.pathname === '/login' ? '/' : `${location.pathname}${location.search}`;
    return (
      <Button size="xs" onClick={() => void signIn(returnTo)} data-testid="sign-in-button">
        {t('auth.signIn')}
      </Button>
    );
  }
  return (
    <Menu width={MENU_WIDTH} position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('auth.profileMenu', { name: user.name || user.email })}
          data-testid="profile-menu"
        >
          {/* The initials are for the eye; the button's name says whose profile it is. */}
          <Avatar size={32} radius="xl" color="blue.8" variant="filled" aria-hidden>
            {initialsOf(user.name, user.email)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" c="gray.7" truncate="end" data-testid="profile-email">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut} data-testid="logout">
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
