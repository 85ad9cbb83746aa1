import { isMetered } from '@dsm/contracts';
import { ActionIcon, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { billingText, paymentLabel, paymentText } from '../../shared/offer/payment-label';
import { EmptyState } from '../../shared/ui/QueryState';
import { CartItemRestriction } from './CartItemRestriction';
import { CartItemSaleRefusal } from './CartItemSaleRefusal';
import { CartTotals } from './CartTotals';
import { CheckoutModal } from './CheckoutModal';
import { useBuyerVat } from './use-buyer-vat';
import { useCart, useCartTotals } from './use-cart';

/** /cart, 'My cart': the items with their prices, the count, the total in euros and Checkout. */
export function CartPage() {
  const { t } = useTranslation();
  const cart = useCart();
  const vat = useBuyerVat();
  const totals = useCartTotals(cart, vat.vatRate);
  const [isCheckoutOpen, setIsCheckoutOpen] = useState(false);

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline">
          <Title order={1}>{t('cart.title')}</Title>
          <Text c="gray.7" data-testid="cart-count">
            {t('cart.count', { count: cart.count })}
          </Text>
        </Group>
        {cart.count === 0 ? (
          <EmptyState
            icon={<IconShoppingCart size={40} aria-hidden />}
            title={t('cart.emptyTitle')}
            text={t('cart.emptyText')}
            testId="cart-empty"
          >
            <Button component={Link} to="/results">
              {t('cart.browse')}
            </Button>
          </EmptyState>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('cart.items')}>
            {cart.items.map((item) => (
              <Card component="li" key={item['@id']} withBorder radius="md" padding="md" data-testid="cart-item">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Anchor component={Link} to={`/offer/details/${item['@id']}`} fw={600}>
                      {item.title}
                    </Anchor>
                    {item.providerName && (
                      <Text size="sm" c="gray.7">
                        {t('cart.supplier', { name: item.providerName })}
                      </Text>
                    )}
                    <CartItemRestriction offerId={item['@id']} buyerCountry={vat.buyerCountry} />
                    <CartItemSaleRefusal offerId={item['@id']} />
                    {billingText(paymentLabel(item.paymentModel, item.price), t) && (
                      <Text size="xs" c="gray.7" data-testid="cart-item-billing">
                        {billingText(paymentLabel(item.paymentModel, item.price), t)}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="sm" wrap="nowrap">
                    <Text fw={600} data-testid="cart-item-price">
                      {paymentText(paymentLabel(item.paymentModel, item.price), t)}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      onClick={() => cart.remove(item['@id'])}
                      aria-label={t('cart.removeItem', { title: item.title })}
                      data-testid="cart-item-remove"
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <CartTotals
              totals={totals}
              vatRate={vat.vatRate}
              reverseChargeCountry={vat.reverseChargeCountry}
              notTaxableCountry={vat.notTaxableCountry}
            />
            {cart.items.some((item) => isMetered(item.paymentModel)) && (
              <Text size="sm" c="gray.7" data-testid="cart-metered-note">
                {t('cart.meteredNote')}
              </Text>
            )}
            <Text size="xs" c="gray.7">
              {t('cart.priceNote')}
            </Text>
            <Group justify="flex-end">
              <Button
                size="md"
                onClick={() => setIsCheckoutOpen(true)}
                disabled={cart.count === 0}
                data-testid="checkout-button"
              >
                {t('cart.checkoutButton')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
      <CheckoutModal opened={isCheckoutOpen} onClose={() => setIsCheckoutOpen(false)} />
    </Container>
  );
}
