import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSaleStatus } from './use-sale-status';

export type TCartItemSaleRefusalProps = { offerId: string };

/**
 * Why an offer in the cart cannot be ordered, as the server's sale status says (already the buyer's,
 * their own, not sold, or sold by no organisation with a complete invoice profile): checkout would
 * refuse it, so the buyer sees it before. Nothing while the status is unknown or the offer is for sale.
 */
export function CartItemSaleRefusal({ offerId }: TCartItemSaleRefusalProps) {
  const { t } = useTranslation();
  const refusal = useSaleStatus(offerId).data?.refusal ?? null;
  if (refusal === null) return null;
  return (
    <Text size="sm" c="red.8" fw={600} role="alert" data-testid="cart-item-sale-refusal" data-refusal={refusal}>
      {t(`cart.saleRefusal.${refusal}`)}{' '}
      {refusal === 'ALREADY_YOURS' && (
        <Anchor component={Link} to="/acquisition" size="sm" fw={600}>
          {t('cart.toAcquisitions')}
        </Anchor>
      )}
    </Text>
  );
}
