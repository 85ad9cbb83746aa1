import type { TInvoice, TOrder } from '@dsm/contracts';
import { toCents } from '@dsm/contracts';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FactCard, FactCardList, useIsPhone } from '../../shared/FactCards';
import { formatCents, formatDateTime, formatDay } from '../../shared/format/format';
import { CartTotals } from '../cart';
import { DocumentCard } from './DocumentCard';
import { InvoiceDownloadButton } from './InvoiceDownloadButton';
import { orderLineText } from './order-line-text';
import { StateBadge } from './StateBadge';

const euros = (amount: number) => formatCents(toCents(amount));

/**
 * Prices, the invoice number, date, amount and state keep to one line (an amount broken before its €
 * sign, a state badge cut to "OP…"); the titles, the supplier and the download buttons take the lines instead.
 */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** One order on My orders: its state, items, totals and invoices with their PDFs. */
export function OrderCard({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  // On a phone the invoices are cards: a table of six columns scrolled sideways there.
  const isPhone = useIsPhone();
  const headingId = `order-${order.id}`;
  return (
    <DocumentCard
      headingId={headingId}
      title={t('orders.orderOf', { date: formatDateTime(order.createdAt) })}
      lines={
        <Text size="xs" c="gray.7">
          {t('orders.orderId', { id: order.id })}
        </Text>
      }
      badge={<StateBadge state={order.state} kind="order" />}
      testId="order"
    >
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {order.items.map((item) => (
          <Group component="li" key={item.productId} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/offer/details/${item.productId}`} size="sm">
              {item.title}
            </Anchor>
            <Text size="sm" style={NO_WRAP} data-testid="order-line-price">
              {orderLineText(item, t)}
            </Text>
          </Group>
        ))}
      </Stack>
      <CartTotals totals={{ net: toCents(order.net), vat: toCents(order.vat), gross: toCents(order.gross) }} />
      {order.state === 'invoiced' && (
        <Text size="sm" data-testid="order-pay-by">
          {t('orders.payBy', { date: formatDay(order.payBy) })}
        </Text>
      )}
      {order.invoices.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h6" id={`${headingId}-invoices`}>
            {t('orders.invoices')}
          </Title>
          {isPhone ? (
            <FactCardList label={t('orders.invoices')} testId="order-invoices">
              {order.invoices.map((invoice) => (
                <FactCard
                  key={invoice.id}
                  testId="invoice-row"
                  title={<span data-testid="invoice-number">{invoice.number}</span>}
                  summary={<StateBadge state={invoice.state} kind="invoice" />}
                  facts={[
                    { label: t('orders.column.supplier'), value: invoice.supplierName },
                    { label: t('orders.column.due'), value: formatDay(invoice.dueAt) },
                    { label: t('orders.column.gross'), value: euros(invoice.gross) },
                  ]}
                  actions={<InvoiceDownloads invoice={invoice} />}
                />
              ))}
            </FactCardList>
          ) : (
            <Table verticalSpacing="xs" aria-labelledby={`${headingId}-invoices`} data-testid="order-invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.column.number')}</Table.Th>
                  <Table.Th>{t('orders.column.supplier')}</Table.Th>
                  <Table.Th>{t('orders.column.due')}</Table.Th>
                  <Table.Th ta="right">{t('orders.column.gross')}</Table.Th>
                  <Table.Th>{t('orders.column.state')}</Table.Th>
                  <Table.Th>{t('orders.column.pdf')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.invoices.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid="invoice-row">
                    <Table.Td data-testid="invoice-number" style={NO_WRAP}>
                      {invoice.number}
                    </Table.Td>
                    <Table.Td>{invoice.supplierName}</Table.Td>
                    <Table.Td style={NO_WRAP}>{formatDay(invoice.dueAt)}</Table.Td>
                    <Table.Td ta="right" style={NO_WRAP}>
                      {euros(invoice.gross)}
                    </Table.Td>
                    <Table.Td style={NO_WRAP}>
                      <StateBadge state={invoice.state} kind="invoice" />
                    </Table.Td>
                    <Table.Td>
                      <InvoiceDownloads invoice={invoice} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </DocumentCard>
  );
}

/** An invoice's documents: the PDF, Factur-X and XRechnung. */
function InvoiceDownloads({ invoice }: { invoice: TInvoice }) {
  return (
    <Group gap={4} wrap="wrap">
      <InvoiceDownloadButton invoice={invoice} />
      <InvoiceDownloadButton invoice={invoice} format="facturx" />
      <InvoiceDownloadButton invoice={invoice} format="xml" />
    </Group>
  );
}
