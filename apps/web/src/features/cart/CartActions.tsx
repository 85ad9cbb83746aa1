import type { TOffer } from '@dsm/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { IconShoppingCartMinus, IconShoppingCartPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../shared/lazy-part';
import { usePageSettled } from '../../shared/page-settled';
import { isDemoSellable } from '../offer/apply-demo-mode';
import { paymentLabel } from '../search/payment-label';
import { toCartOffer } from './cart-storage';
import { useCart } from './use-cart';

/** The checkout's code (the order schemas among it) loads when a checkout comes near, not with the page. */
const loadCheckoutModal = async () => ({ default: (await import('./CheckoutModal')).CheckoutModal });
const CheckoutModal = lazy(loadCheckoutModal);
/** The added-to-cart dialog loads apart too: once the page has shown its data, at the first add at the latest. */
const loadAddedToCartModal = async () => (await import('./AddedToCartModal')).AddedToCartModal;
const AddedToCartModal = lazyPart(loadAddedToCartModal, NoAddedToCartModal);

/** When the dialog's code cannot be loaded: the offer is in the cart all the same (the badge shows it). */
function NoAddedToCartModal() {
  return null;
}

export type TCartActionsProps = {
  /** The offer of the details page (a metadata item is an offer too). */
  offer: TOffer;
};

/**
 * The cart controls of the offer details page: add to cart (disabled, with the reason, when the
 * offer is not for sale, free from another portal, or for sale in demo mode only) or remove from cart, with the added-to-cart and checkout modals, each opened and closed on
 * its own.
 */
export function CartActions({ offer }: TCartActionsProps) {
  const { t } = useTranslation();
  const cart = useCart();
  const hintId = useId();
  const [addedTitle, setAddedTitle] = useState<string | null>(null);
  const [isCheckoutOpen, setIsCheckoutOpen] = useState(false);
  // Mounted from its first opening on, so that closing it animates like any modal.
  const [hasCheckout, setHasCheckout] = useState(false);
  const isInCart = cart.isInCart(offer['@id']);
  // A free offer its supplier published is acquired through the checkout at 0 € (no invoice); a free
  // offer from another portal has nothing to order: its data is got from the endpoints.
  const isFree = paymentLabel(offer.paymentModel, offer.price).kind === 'free';
  // Demo mode shows every offer as for sale, as the specification says, but the checkout would
  // refuse one its supplier does not sell as no longer for sale although nothing changed.
  const isDemoOnly = isDemoSellable(offer);
  const canAdd = offer.isSellable && !isDemoOnly;
  const [hasAdded, setHasAdded] = useState(false);
  const isSettled = usePageSettled();
  useEffect(() => {
    if (isSettled) loadAddedToCartModal().catch(() => {});
  }, [isSettled]);

  // The added-to-cart dialog offers the checkout next: its code loads meanwhile.
  useEffect(() => {
    if (addedTitle !== null) void loadCheckoutModal().catch(() => {});
  }, [addedTitle]);

  const add = () => {
    if (!canAdd || !cart.add(toCartOffer(offer))) return;
    setHasAdded(true);
    setAddedTitle(offer.title);
  };

  return (
    <Stack gap={4} align="flex-start">
      {isInCart ? (
        <Button
          variant="outline"
          leftSection={<IconShoppingCartMinus size={18} aria-hidden />}
          onClick={() => cart.remove(offer['@id'])}
          data-testid="remove-from-cart"
        >
          {t('cart.removeFromCart')}
        </Button>
      ) : (
        <Button
          leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
          onClick={add}
          disabled={!canAdd}
          aria-describedby={canAdd ? undefined : hintId}
          data-testid="add-to-cart"
        >
          {t('cart.addToCart')}
        </Button>
      )}
      {!canAdd && !isInCart && (
        <Text id={hintId} size="xs" c="gray.7" data-testid="not-for-sale">
          {t(isFree ? 'cart.freeNoOrder' : isDemoOnly ? 'cart.demoNotSold' : 'cart.notForSale')}
        </Text>
      )}
      {hasAdded && (
        <Suspense fallback={null}>
          <AddedToCartModal
            title={addedTitle}
            onClose={() => setAddedTitle(null)}
            onCheckout={() => {
              setHasCheckout(true);
              setIsCheckoutOpen(true);
            }}
          />
        </Suspense>
      )}
      {hasCheckout && (
        <Suspense fallback={null}>
          <CheckoutModal
            opened={isCheckoutOpen}
            onClose={() => setIsCheckoutOpen(false)}
            onPlaced={() => setAddedTitle(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
