import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { paymentLabel, paymentText } from '../../shared/offer/payment-label';
import { LoadError } from '../../shared/ui/QueryState';
import { useCurrentUser } from '../auth';
import { OrganisationIncompleteAlert } from '../organisation';
import { CartItemRestriction } from './CartItemRestriction';
import { CartItemSaleRefusal } from './CartItemSaleRefusal';
import { CartTotals } from './CartTotals';
import { checkoutErrorMessage } from './checkout-error';
import { checkPrices, needsUpdate, type TCartChange } from './price-check';
import { useBuyerVat } from './use-buyer-vat';
import { useCart, useCartTotals } from './use-cart';
import { useCurrentOffers } from './use-current-offers';
import { newIdempotencyKey, usePlaceOrder } from './use-place-order';

/** How long the success alert stays: the specification's 5000 ms. */
const SUCCESS_ALERT_MS = 5000;

export type TCheckoutModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Called after the order was placed, before the user is taken home: close the other modals here. */
  onPlaced?: () => void;
};

function ChangeLine({ change }: { change: TCartChange }) {
  const { t } = useTranslation();
  const label = (item: { paymentModel: string; price: number }) =>
    paymentText(paymentLabel(item.paymentModel, item.price), t);
  if (change.kind === 'price') {
    return (
      <List.Item>
        {t('cart.checkout.priceChanged', {
          title: change.item.title,
          before: label(change.item),
          now: label(change.current),
        })}
      </List.Item>
    );
  }
  return <List.Item>{t(`cart.checkout.${change.kind}`, { title: change.item.title })}</List.Item>;
}

/**
 * The checkout: checks the cart's prices against the catalogue first; a changed price or an offer
 * no longer for sale is listed and must be accepted before the order can be placed. On success the
 * modals close, the cart is emptied and the user goes home to 'Your order has been placed
 * sucessfully'; on failure an error alert is shown and the cart stays as it is.
 */
export function CheckoutModal({ opened, onClose, onPlaced }: TCheckoutModalProps) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const cart = useCart();
  const vat = useBuyerVat();
  const totals = useCartTotals(cart, vat.vatRate);
  const ids = useMemo(() => cart.items.map((item) => item['@id']), [cart.items]);
  const current = useCurrentOffers(ids, opened);
  const placeOrder = usePlaceOrder();
  // One key per order of these items: a retry after a lost answer finds the first order.
  const lastAttempt = useRef<{ itemsKey: string; key: string } | null>(null);

  const check = current.data ? checkPrices(cart.items, current.data) : null;
  const hasChanges = check !== null && (check.changes.length > 0 || needsUpdate(cart.items, check.confirmed));
  const canOrder = check !== null && !hasChanges && cart.count > 0 && !placeOrder.isPending && user !== null;

  const acceptChanges = () => {
    if (check) cart.replaceItems(check.confirmed);
  };

  const submit = () => {
    if (!canOrder || !user) return;
    const itemsKey = JSON.stringify(cart.items);
    if (lastAttempt.current?.itemsKey !== itemsKey) lastAttempt.current = { itemsKey, key: newIdempotencyKey() };
    const idempotencyKey = lastAttempt.current.key;
    placeOrder.mutate(
      { consumerId: user.id, items: cart.items, idempotencyKey },
      {
        onSuccess: () => {
          onClose();
          onPlaced?.();
          cart.clear();
          navigate('/');
          showAlert(t('cart.orderPlaced'), { type: 'success', duration: SUCCESS_ALERT_MS });
        },
        onError: (error) => {
          showAlert(
            checkoutErrorMessage(
              error,
              t,
              cart.items.map((item) => item.title),
            ),
            { type: 'error' },
          );
          // The catalogue may have changed under the order: check again, so the changes can be shown.
          void current.refetch();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('cart.checkout.title')} size="lg" centered>
      <Stack gap="md" data-testid="checkout-modal">
        <OrganisationIncompleteAlert error={placeOrder.error} purpose="checkout" />
        {current.isPending && cart.count > 0 && (
          <Group gap="xs" data-testid="checkout-checking">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('cart.checkout.checking')}</Text>
          </Group>
        )}
        {current.isError && (
          <LoadError
            title={t('cart.checkout.checkFailed')}
            text={errorMessage(current.error, t)}
            retry={t('cart.checkout.retry')}
            onRetry={() => void current.refetch()}
            testId="checkout-check-error"
          />
        )}
        {check && check.changes.length > 0 && (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} />}
            title={t('cart.checkout.changesTitle')}
            data-testid="checkout-changes"
          >
            <Stack gap="xs" align="flex-start">
              <List size="sm">
                {check.changes.map((change) => (
                  <ChangeLine key={change.item['@id']} change={change} />
                ))}
              </List>
              <Button size="xs" onClick={acceptChanges} data-testid="checkout-accept">
                {t('cart.checkout.accept')}
              </Button>
            </Stack>
          </Alert>
        )}
        {check && !hasChanges && cart.count === 0 && <Text size="sm">{t('cart.checkout.nothingLeft')}</Text>}
        {cart.count > 0 && (
          <>
            <List size="sm" spacing={4} data-testid="checkout-items">
              {cart.items.map((item) => (
                <List.Item key={item['@id']}>
                  {item.title} – {paymentText(paymentLabel(item.paymentModel, item.price), t)}
                  <CartItemRestriction offerId={item['@id']} buyerCountry={vat.buyerCountry} />
                  <CartItemSaleRefusal offerId={item['@id']} />
                </List.Item>
              ))}
            </List>
            <CartTotals
              totals={totals}
              vatRate={vat.vatRate}
              reverseChargeCountry={vat.reverseChargeCountry}
              notTaxableCountry={vat.notTaxableCountry}
            />
          </>
        )}
        <Text size="xs" c="gray.7">
          {t('cart.checkout.terms')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cart.checkout.cancel')}
          </Button>
          <Button onClick={submit} disabled={!canOrder} loading={placeOrder.isPending} data-testid="place-order">
            {t('cart.checkout.placeOrder')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
