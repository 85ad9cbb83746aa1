import { VAT_RATE } from '@dsm/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCountry } from '../../shared/format/country';
import { formatCents } from '../../shared/format/format';

export type TCartTotalsProps = {
  /** Net, VAT and gross in cents. */
  totals: { net: number; vat: number; gross: number };
  /** The VAT rate the totals were computed with (0.19 unless told). */
  vatRate?: number;
  /** Set when the invoices will be reverse charge: the buyer's country, for the note. */
  reverseChargeCountry?: string | null;
  /** Set when the buyer is a business outside the EU (not taxable in Germany): its country, for the note. */
  notTaxableCountry?: string | null;
};

/**
 * Net, VAT and the total (gross) in euros; prices are net, as the terms say ('euros plus VAT'). With
 * reverse charge, or for a business outside the EU, the VAT is 0 % and the note says why, as the
 * invoices will.
 */
export function CartTotals({
  totals,
  vatRate = VAT_RATE,
  reverseChargeCountry = null,
  notTaxableCountry = null,
}: TCartTotalsProps) {
  const { t } = useTranslation();
  const vatLabel = vatRate === VAT_RATE ? t('cart.vat') : t('cart.vatRate', { rate: Math.round(vatRate * 100) });
  return (
    <Stack gap={2} data-testid="cart-totals">
      <Group justify="space-between">
        <Text size="sm">{t('cart.net')}</Text>
        <Text size="sm" data-testid="cart-net">
          {formatCents(totals.net)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" data-testid="cart-vat-label">
          {vatLabel}
        </Text>
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
      {reverseChargeCountry && (
        <Text size="xs" c="gray.7" data-testid="cart-reverse-charge">
          {t('cart.reverseCharge', { country: formatCountry(reverseChargeCountry) })}
        </Text>
      )}
      {notTaxableCountry && (
        <Text size="xs" c="gray.7" data-testid="cart-not-taxable">
          {t('cart.notTaxable', { country: formatCountry(notTaxableCountry) })}
        </Text>
      )}
    </Stack>
  );
}
