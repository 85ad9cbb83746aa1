import { ORGANISATION_PROFILE_PAGE } from '@dsm/contracts';
import { Menu, Text } from '@mantine/core';
import { IconBookmarks, IconBuilding, IconLogout } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_WIDTH } from '../../shared/menu-width';
import type { TCurrentUser } from './current-user';

export type TProfileMenuProps = {
  user: TCurrentUser;
  onSignOut(): void;
  /** The avatar button that opens the menu. */
  children: ReactElement;
};

/**
 * The signed-in user's dropdown: name, e-mail, the organisation profile and Logout. Loaded apart from the first download
 * (UserMenu.tsx), as it brings the popover positioning code.
 */
export function ProfileMenu({ user, onSignOut, children }: TProfileMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu width={MENU_WIDTH} position="bottom-end" withinPortal>
      <Menu.Target>{children}</Menu.Target>
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
        <Menu.Item
          component={Link}
          to={ORGANISATION_PROFILE_PAGE}
          leftSection={<IconBuilding size={16} aria-hidden />}
          data-testid="profile-organisation"
        >
          {t('organisation.menu')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/saved-searches"
          leftSection={<IconBookmarks size={16} aria-hidden />}
          data-testid="profile-saved-searches"
        >
          {t('alerts.page.title')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut} data-testid="logout">
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
