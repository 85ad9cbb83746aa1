import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_WIDTH } from '../auth/UserMenu';

/** The navbar's Orders menu: 'My orders' (what the user bought) and 'My sales' (what the user sold). */
export function OrdersMenu() {
  const { t } = useTranslation();
  return (
    <Menu width={MENU_WIDTH} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="xs"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          data-testid="orders-menu"
        >
          {t('nav.orders')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/orders" data-testid="nav-my-orders">
          {t('nav.myOrders')}
        </Menu.Item>
        <Menu.Item component={Link} to="/sales" data-testid="nav-my-sales">
          {t('nav.mySales')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
