import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OFFERS_MENU } from '../features/my-offerings/offers-menu';
import { ORDERS_MENU } from '../features/orders/orders-menu';
import { NavMenu, type TNavMenuProps } from '../shared/ui/NavMenu';

/** The navbar's Assets menu: the watchlist and My Acquisitions. */
const ASSETS_MENU: TNavMenuProps = {
  label: 'nav.assets',
  testId: 'assets-menu',
  items: [
    { to: '/watchlist', label: 'nav.watchlist' },
    { to: '/acquisition', label: 'nav.acquisitions' },
  ],
};

/**
 * The signed-in user's menus of the wide header (Assets, Offers, Orders and the operators'
 * Connectors and Harvesting links). Loaded apart from the first download (Shell.tsx): the dropdowns bring the
 * popover positioning code, and nobody needs them before the sign-in check has found a user.
 */
export function HeaderMenus({ isOperator }: { isOperator: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {[ASSETS_MENU, OFFERS_MENU, ORDERS_MENU].map((menu) => (
        <NavMenu key={menu.testId} {...menu} />
      ))}
      {isOperator && (
        <>
          <Button component={Link} to="/connectors" variant="subtle" size="xs" data-testid="connectors-link">
            {t('nav.connectors')}
          </Button>
          <Button component={Link} to="/harvest" variant="subtle" size="xs" data-testid="harvest-link">
            {t('nav.harvest')}
          </Button>
        </>
      )}
    </>
  );
}
