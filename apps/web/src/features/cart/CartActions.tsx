import type { TOffer } from '@dsm/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { IconPackage, IconShoppingCartMinus, IconShoppingCartPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyPart } from '../../shared/lazy-part';
import { isDemoSellable } from '../../shared/offer/apply-demo-mode';
import { paymentLabel } from '../../shared/offer/payment-label';
import { usePageSettled } from '../../shared/page-settled';
import { toCartOffer } from './cart-storage';
import { useCart } from './use-cart';
import { useSaleStatus } from './use-sale-status';

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
 * The cart controls of the offer details page: add to cart, or remove from cart, with the
 * added-to-cart and checkout modals, each opened and closed on its own. Whether the user may order
 * the offer is the server's sale status: an offer already theirs says so and links to My
 * Acquisitions, their own offer says why in place of the button, and any other refusal (not sold,
 * free from another portal, a seller without a complete invoice profile, for sale in demo mode only)
 * disables the button with the reason. Until the status is known the offer's own `isSellable` decides.
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
  const saleStatus = useSaleStatus(offer['@id']).data;
  const refusal = saleStatus?.refusal ?? null;
  const canAdd = saleStatus ? refusal === null : offer.isSellable && !isDemoOnly;
  // Nothing to add at all: say why in the button's place.
  const hasNoButton = refusal === 'ALREADY_YOURS' || refusal === 'OWN_OFFER';
  const reason =
    refusal && !(refusal === 'NOT_SOLD' && isDemoOnly)
      ? t(`cart.saleRefusal.${refusal}`)
      : t(isFree ? 'cart.freeNoOrder' : isDemoOnly ? 'cart.demoNotSold' : 'cart.notForSale');
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
      ) : hasNoButton ? null : (
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
      {((!canAdd && !isInCart) || (isInCart && refusal !== null)) && (
        <Text id={hintId} size={hasNoButton ? 'sm' : 'xs'} c="gray.7" data-testid="not-for-sale" data-refusal={refusal}>
          {reason}
        </Text>
      )}
      {refusal === 'ALREADY_YOURS' && (
        <Button
          component={Link}
          to="/acquisition"
          variant="light"
          leftSection={<IconPackage size={18} aria-hidden />}
          data-testid="to-acquisitions"
        >
          {t('cart.toAcquisitions')}
        </Button>
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
