import { type TBilledInvoice, type TBilledInvoiceState, toCents } from '@dsm/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDay, formatMoney } from '../../shared/format/format';
import { InvoiceDownloadButton } from '../orders';

/** Filled badges whose white text keeps 4.5:1 against each colour. */
const COLOR: Record<TBilledInvoiceState, string> = {
  open: 'blue.8',
  overdue: 'red.9',
  // Darker than Mantine's green.9, as on My orders.
  paid: '#2b6e3a',
  cancelled: 'gray.8',
};

function InvoiceLine({ invoice }: { invoice: TBilledInvoice }) {
  const { t } = useTranslation();
  const detail =
    invoice.state === 'paid'
      ? t('acquisitions.payment.paidOn', { date: formatDay(invoice.paidAt) ?? '' })
      : invoice.state === 'cancelled'
        ? t('acquisitions.payment.cancelledText')
        : invoice.state === 'overdue'
          ? t('acquisitions.payment.overdueSince', { date: formatDay(invoice.dueAt) ?? '' })
          : t('acquisitions.payment.dueOn', { date: formatDay(invoice.dueAt) ?? '' });
  return (
    <Group component="li" gap="xs" wrap="wrap" data-testid="acquisition-invoice" data-state={invoice.state}>
      <Badge color={COLOR[invoice.state]} variant="filled" data-testid="acquisition-invoice-state">
        {t(`acquisitions.payment.state.${invoice.state}`)}
      </Badge>
      <Text size="sm">
        {t('acquisitions.payment.invoice', { number: invoice.number, amount: formatMoney(invoice.gross) })}
      </Text>
      <Text size="sm" c={invoice.state === 'overdue' ? 'red.9' : 'gray.7'} fw={invoice.state === 'overdue' ? 600 : 400}>
        {detail}
      </Text>
      <InvoiceDownloadButton invoice={{ ...invoice, xmlPath: null, facturXPath: null }} />
    </Group>
  );
}

/**
 * What a bought offer cost and where its bills stand, in plain words: each invoice still open or
 * overdue and the latest one, with its state, due or payment date and its PDF; or that nothing was
 * billed. A subscription whose invoice is open runs, but is not paid.
 */
export function AcquisitionPayment({ invoices }: { invoices: readonly TBilledInvoice[] }) {
  const { t } = useTranslation();
  const unpaid = invoices.filter((invoice) => invoice.state === 'open' || invoice.state === 'overdue');
  const summary =
    invoices.length === 0
      ? t('acquisitions.payment.nothingBilled')
      : unpaid.length > 0
        ? t('acquisitions.payment.unpaid', {
            count: unpaid.length,
            amount: formatCents(unpaid.reduce((sum, invoice) => sum + toCents(invoice.gross), 0)),
          })
        : t('acquisitions.payment.allPaid');
  return (
    <Stack gap={6} data-testid="acquisition-payment">
      <Text size="sm" fw={600} data-testid="acquisition-payment-summary">
        {summary}
      </Text>
      {invoices.length > 0 && (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {invoices.map((invoice) => (
            <InvoiceLine key={invoice.id} invoice={invoice} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
