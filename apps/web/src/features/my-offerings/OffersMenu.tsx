import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_WIDTH } from '../auth/UserMenu';

/** The navbar's 'Offers' menu: 'My offerings' and 'Create offer'. */
export function OffersMenu() {
  const { t } = useTranslation();
  return (
    <Menu width={MENU_WIDTH} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="xs"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          data-testid="offers-menu"
        >
          {t('nav.offers')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/my-offerings">
          {t('nav.myOfferings')}
        </Menu.Item>
        <Menu.Item component={Link} to="/offer/create/pre">
          {t('nav.createOffer')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
