import type { TNavMenuProps } from '../../shared/ui/NavMenu';

/**
 * The navbar's Orders menu: 'My orders' (what the user bought), 'My sales' (what the user sold) and
 * the marketplace's commission invoices on those sales.
 */
export const ORDERS_MENU: TNavMenuProps = {
  label: 'nav.orders',
  testId: 'orders-menu',
  items: [
    { to: '/orders', label: 'nav.myOrders', testId: 'nav-my-orders' },
    { to: '/sales', label: 'nav.mySales', testId: 'nav-my-sales' },
    { to: '/commission-invoices', label: 'nav.commissionInvoices', testId: 'nav-commission-invoices' },
  ],
};
