import { useTranslation } from 'react-i18next';
import { NavMenu } from '../../app/NavMenu';

/** The navbar's Orders menu: 'My orders' (what the user bought) and 'My sales' (what the user sold). */
export function OrdersMenu() {
  const { t } = useTranslation();
  return (
    <NavMenu
      label={t('nav.orders')}
      testId="orders-menu"
      items={[
        { to: '/orders', label: t('nav.myOrders'), testId: 'nav-my-orders' },
        { to: '/sales', label: t('nav.mySales'), testId: 'nav-my-sales' },
      ]}
    />
  );
}
