import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../shared/format/format';

export type TCartTotalsProps = {
  /** Net, VAT and gross in cents. */
  totals: { net: number; vat: number; gross: number };
};

/** Net, VAT 19 % and the total (gross) in euros; prices are net, as the terms say ('euros plus VAT'). */
export function CartTotals({ totals }: TCartTotalsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="cart-totals">
      <Group justify="space-between">
        <Text size="sm">{t('cart.net')}</Text>
        <Text size="sm" data-testid="cart-net">
          {formatCents(totals.net)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm">{t('cart.vat')}</Text>
        <Text size="sm" data-testid="cart-vat">
          {formatCents(totals.vat)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>{t('cart.total')}</Text>
        <Text fw={700} data-testid="cart-total">
          {formatCents(totals.gross)}
        </Text>
      </Group>
    </Stack>
  );
}
