/** What other features use of the cart: the offer page's cart buttons, an order's totals and the buyer's VAT. */
export { CartActions } from './CartActions';
export { CartTotals } from './CartTotals';
export { useBuyerVat } from './use-buyer-vat';
