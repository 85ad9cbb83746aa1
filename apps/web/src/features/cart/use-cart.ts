import { orderTotals, type TCartOffer, VAT_RATE } from '@dsm/contracts';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { useCurrentUser } from '../auth';
import {
  CartError,
  cartItemsOf,
  MAX_CART_ITEMS,
  type TCartEntry,
  withCartCleared,
  withItemAdded,
  withItemRemoved,
  withItemsReplaced,
} from './cart-storage';
import { readCarts, repairCarts, subscribeToCarts, writeCarts } from './cart-store';

/** The signed-in user's cart and what can be done with it. */
export type TCart = {
  items: readonly TCartOffer[];
  count: number;
  /** Net, VAT and gross in cents, rounded per supplier invoice as the order will be. */
  totals: { net: number; vat: number; gross: number };
  isInCart(offerId: string): boolean;
  /** Adds an offer; false (and an alert) when it is in the cart already. */
  add(offer: TCartOffer): boolean;
  /** Takes an offer out; false (and an alert) when the user has no cart. */
  remove(offerId: string): boolean;
  /** Puts the price-checked items in place of the stored ones. */
  replaceItems(items: readonly TCartOffer[]): boolean;
  /** Empties the user's cart (after an order). */
  clear(): void;
};

const NO_ITEMS: readonly TCartOffer[] = [];

/**
 * The cart of the signed-in user, kept in local storage under 'cart' with one entry per user, so two
 * people sharing a browser never see each other's cart. Refused changes ('Item already in cart',
 * 'No cart found') and a damaged stored cart are shown through the global alert.
 */
export function useCart(): TCart {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const carts = useSyncExternalStore(subscribeToCarts, readCarts, readCarts);

  useEffect(() => {
    if (carts.isDamaged && repairCarts()) showAlert(t('cart.damaged'), { type: 'error' });
  }, [carts, showAlert, t]);

  const items = useMemo(() => (userId ? cartItemsOf(carts.entries, userId) : NO_ITEMS), [carts, userId]);
  const totals = useMemo(() => orderTotals(items), [items]);

  const change = useCallback(
    (next: (entries: readonly TCartEntry[], id: string) => TCartEntry[]): boolean => {
      try {
        if (!userId) throw new CartError('NO_CART');
        writeCarts(next(readCarts().entries, userId));
        return true;
      } catch (error) {
        if (!(error instanceof CartError)) throw error;
        showAlert(t(`cart.errors.${error.code}`, { max: MAX_CART_ITEMS }), { type: 'error' });
        return false;
      }
    },
    [userId, showAlert, t],
  );

  return {
    items,
    count: items.length,
    totals,
    isInCart: (offerId) => items.some((item) => item['@id'] === offerId),
    add: (offer) => change((entries, id) => withItemAdded(entries, id, offer)),
    remove: (offerId) => change((entries, id) => withItemRemoved(entries, id, offerId)),
    replaceItems: (next) => change((entries, id) => withItemsReplaced(entries, id, next)),
    clear: () => {
      change((entries, id) => withCartCleared(entries, id));
    },
  };
}

/**
 * The cart's totals at the VAT rate the buyer's invoices will show (see useBuyerVat): the cart's own
 * 19 % totals, or computed again, say at 0 % for reverse charge.
 */
export function useCartTotals(cart: Pick<TCart, 'items' | 'totals'>, vatRate: number): TCart['totals'] {
  return useMemo(
    () => (vatRate === VAT_RATE ? cart.totals : orderTotals(cart.items, vatRate)),
    [cart.items, cart.totals, vatRate],
  );
}
