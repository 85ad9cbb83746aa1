import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OffersMenu } from '../features/my-offerings/OffersMenu';
import { OrdersMenu } from '../features/orders/OrdersMenu';
import { NavMenu } from '../shared/ui/NavMenu';

/**
 * The signed-in user's menus of the wide header (Assets, Offers, Orders and the operators'
 * Connectors and Harvesting links). Loaded apart from the first download (Shell.tsx): the dropdowns bring the
 * popover positioning code, and nobody needs them before the sign-in check has found a user.
 */
export function HeaderMenus({ isOperator }: { isOperator: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <NavMenu
        label={t('nav.assets')}
        testId="assets-menu"
        items={[
          { to: '/watchlist', label: t('nav.watchlist') },
          { to: '/acquisition', label: t('nav.acquisitions') },
        ]}
      />
      <OffersMenu />
      <OrdersMenu />
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
