import { type TSale, toCents } from '@dsm/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDay, formatPercentNumber } from '../../shared/format/format';
import { DocumentCard } from './DocumentCard';
import { Figure } from './Figure';
import {
  CommissionCancellationDownloadButton,
  CommissionInvoiceDownloadButton,
  InvoiceDownloadButton,
} from './InvoiceDownloadButton';
import { orderLineText } from './order-line-text';
import { StateBadge } from './StateBadge';

const euros = (amount: number) => formatCents(toCents(amount));

export type TSaleCardProps = {
  sale: TSale;
  /** Asks to mark the invoice paid (the page confirms first). */
  onMarkPaid: (sale: TSale) => void;
};

/** One line of the amounts: its name on the left, the amount on the right; a sum line in bold above a rule. */
function AmountLine({
  label,
  value,
  testId,
  isSum = false,
}: {
  label: string;
  value: string;
  testId: string;
  isSum?: boolean;
}) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="md"
      pt={isSum ? 4 : 0}
      style={isSum ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text component="dt" size="sm" fw={isSum ? 600 : 400}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={isSum ? 600 : 400} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The sale's amounts so that they add up, top to bottom: net plus VAT is what the buyer pays (the
 * invoice's total); less the VAT, which passes through to the tax office, and less the marketplace's
 * commission (billed by its own invoice) is what the seller keeps.
 */
function SaleAmounts({ sale }: { sale: TSale }) {
  const { t } = useTranslation();
  const proceedsCents = toCents(sale.gross) - toCents(sale.vat) - toCents(sale.commission);
  return (
    <Stack gap={4} component="dl" m={0} maw={420} data-testid="sale-amounts" aria-label={t('sales.amounts')}>
      <AmountLine label={t('sales.net')} value={euros(sale.net)} testId="sale-net" />
      <AmountLine
        label={t('cart.vatRate', { rate: formatPercentNumber(sale.vatRate) })}
        value={euros(sale.vat)}
        testId="sale-vat"
      />
      <AmountLine label={t('sales.gross')} value={euros(sale.gross)} testId="sale-gross" isSum />
      <AmountLine
        label={t('sales.lessVat', { rate: formatPercentNumber(sale.vatRate) })}
        value={formatCents(-toCents(sale.vat))}
        testId="sale-less-vat"
      />
      <AmountLine
        label={t('sales.lessCommission', { rate: formatPercentNumber(sale.commissionRate) })}
        value={formatCents(-toCents(sale.commission))}
        testId="sale-commission"
      />
      <AmountLine label={t('sales.proceeds')} value={formatCents(proceedsCents)} testId="sale-proceeds" isSum />
      <Text size="xs" c="gray.7">
        {t('sales.amountsNote')}
      </Text>
    </Stack>
  );
}

/** One invoice on My sales: buyer, sold items, amounts with the commission, due date, state and actions. */
export function SaleCard({ sale, onMarkPaid }: TSaleCardProps) {
  const { t } = useTranslation();
  const headingId = `sale-${sale.id}`;
  return (
    <DocumentCard
      headingId={headingId}
      title={t('sales.invoice', { number: sale.number })}
      lines={
        <>
          <Text size="sm" c="gray.7">
            {t('sales.buyer', { name: sale.buyer.name || sale.buyer.email, email: sale.buyer.email })}
          </Text>
          <Text size="xs" c="gray.7">
            {t('sales.supplier', { name: sale.supplierName })}
          </Text>
        </>
      }
      badge={<StateBadge state={sale.state} kind="invoice" />}
      testId="sale"
    >
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {sale.items.map((item) => (
          <Group component="li" key={item.productId} justify="space-between" wrap="nowrap">
            <Text size="sm">{item.title}</Text>
            <Text size="sm" data-testid="order-line-price">
              {orderLineText(item, t)}
            </Text>
          </Group>
        ))}
      </Stack>
      <SimpleGrid cols={2} spacing="sm" maw={360}>
        <Figure label={t('sales.date')} value={formatDay(sale.issuedAt) ?? ''} />
        <Figure label={t('sales.due')} value={formatDay(sale.dueAt) ?? ''} />
      </SimpleGrid>
      <SaleAmounts sale={sale} />
      {sale.commissionInvoice && (
        // A box of its own: its documents are the marketplace's invoice to the supplier, not the sale's
        // invoice to the buyer, whose buttons follow below with the same names.
        <Paper withBorder radius="sm" p="xs" bg="gray.0" data-testid="commission-invoice">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {t('sales.commissionInvoice', {
                number: sale.commissionInvoice.number,
                amount: euros(sale.commissionInvoice.gross),
              })}
              {sale.commissionInvoice.state === 'paid' && ` (${t('sales.commissionPaid')})`}
              {sale.commissionInvoice.state === 'cancelled' &&
                ` (${
                  sale.commissionInvoice.cancellationNumber
                    ? t('sales.commissionCancelledBy', { number: sale.commissionInvoice.cancellationNumber })
                    : t('sales.commissionCancelled')
                })`}
            </Text>
            <Group gap="xs">
              <CommissionInvoiceDownloadButton invoice={sale.commissionInvoice} />
              <CommissionInvoiceDownloadButton invoice={sale.commissionInvoice} format="facturx" />
              <CommissionInvoiceDownloadButton invoice={sale.commissionInvoice} format="xml" />
              <CommissionCancellationDownloadButton invoice={sale.commissionInvoice} />
            </Group>
          </Group>
        </Paper>
      )}
      <Group justify="flex-end" gap="xs">
        <InvoiceDownloadButton invoice={sale} />
        <InvoiceDownloadButton invoice={sale} format="facturx" />
        <InvoiceDownloadButton invoice={sale} format="xml" />
        {sale.state === 'open' && (
          <Button
            size="xs"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            onClick={() => onMarkPaid(sale)}
            data-testid="mark-paid"
          >
            {t('sales.markPaid')}
          </Button>
        )}
      </Group>
    </DocumentCard>
  );
}
