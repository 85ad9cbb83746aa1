import { useTranslation } from 'react-i18next';
import { NavMenu } from '../../shared/ui/NavMenu';

/**
 * The navbar's Orders menu: 'My orders' (what the user bought), 'My sales' (what the user sold) and
 * the marketplace's commission invoices on those sales.
 */
export function OrdersMenu() {
  const { t } = useTranslation();
  return (
    <NavMenu
      label={t('nav.orders')}
      testId="orders-menu"
      items={[
        { to: '/orders', label: t('nav.myOrders'), testId: 'nav-my-orders' },
        { to: '/sales', label: t('nav.mySales'), testId: 'nav-my-sales' },
        { to: '/commission-invoices', label: t('nav.commissionInvoices'), testId: 'nav-commission-invoices' },
      ]}
    />
  );
}
