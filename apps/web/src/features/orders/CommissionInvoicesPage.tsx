import { type TCommissionInvoice, toCents } from '@dsm/contracts';
import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { formatCents, formatDay } from '../../shared/format/format';
import { EmptyState } from '../../shared/ui/QueryState';
import { DocumentCard } from './DocumentCard';
import { Figure } from './Figure';
import { CommissionCancellationDownloadButton, CommissionInvoiceDownloadButton } from './InvoiceDownloadButton';
import { ListPagination } from './ListPagination';
import { PagedCards } from './PagedCards';
import { StateBadge } from './StateBadge';
import {
  COMMISSION_INVOICES_PAGE_SIZE,
  useCommissionInvoices,
  useMarkCommissionInvoicePaid,
} from './use-commission-invoices';

const euros = (amount: number) => formatCents(toCents(amount));

type TCommissionInvoiceCardProps = {
  invoice: TCommissionInvoice;
  /** Shown to the operator for an open invoice. */
  onMarkPaid?: ((invoice: TCommissionInvoice) => void) | undefined;
  isMarking: boolean;
};

function CommissionInvoiceCard({ invoice, onMarkPaid, isMarking }: TCommissionInvoiceCardProps) {
  const { t } = useTranslation();
  const headingId = `commission-${invoice.id}`;
  return (
    <DocumentCard
      headingId={headingId}
      title={t('commissionInvoices.invoice', { number: invoice.number })}
      lines={
        <>
          <Text size="sm" c="gray.7">
            {t('commissionInvoices.sale', {
              rate: Math.round(invoice.commissionRate * 1000) / 10,
              number: invoice.invoiceNumber,
            })}
          </Text>
          <Text size="xs" c="gray.7">
            {t('commissionInvoices.billedTo', { name: invoice.buyerParty?.legalName ?? invoice.supplierId })}
          </Text>
          {invoice.cancellationNumber && (
            <Text size="xs" c="gray.7" data-testid="commission-cancelled-by">
              {t('sales.commissionCancelledBy', { number: invoice.cancellationNumber })}
            </Text>
          )}
        </>
      }
      badge={<StateBadge state={invoice.state} kind="invoice" />}
      testId="commission-invoice-card"
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('sales.date')} value={formatDay(invoice.issuedAt) ?? ''} />
        <Figure label={t('sales.due')} value={formatDay(invoice.dueAt) ?? ''} />
        <Figure label={t('cart.net')} value={euros(invoice.net)} />
        <Figure label={t('cart.total')} value={euros(invoice.gross)} />
      </SimpleGrid>
      <Group justify="flex-end" gap="xs">
        <CommissionInvoiceDownloadButton invoice={invoice} />
        <CommissionInvoiceDownloadButton invoice={invoice} format="facturx" />
        <CommissionInvoiceDownloadButton invoice={invoice} format="xml" />
        <CommissionCancellationDownloadButton invoice={invoice} />
        {onMarkPaid && invoice.state === 'open' && (
          <Button
            size="xs"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            onClick={() => onMarkPaid(invoice)}
            loading={isMarking}
            data-testid="mark-commission-paid"
          >
            {t('commissionInvoices.markPaid')}
          </Button>
        )}
      </Group>
    </DocumentCard>
  );
}

/**
 * /commission-invoices: the marketplace's commission invoices, newest first. A supplier sees those
 * billed to the publishers it sells for (with their cancellation invoices); the operator sees all
 * and records payments.
 */
export function CommissionInvoicesPage() {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [index, setIndex] = useState(0);
  const invoices = useCommissionInvoices(index);
  const markPaid = useMarkCommissionInvoicePaid();
  const data = invoices.data;

  const handleMarkPaid = (invoice: TCommissionInvoice) =>
    markPaid.mutate(invoice.id, {
      onSuccess: () => showAlert(t('commissionInvoices.markedPaid', { number: invoice.number })),
      onError: (error) => showAlert(errorMessage(error, t), { type: 'error' }),
    });

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1} style={{ hyphens: 'auto', overflowWrap: 'break-word' }}>
          {t('commissionInvoices.title')}
        </Title>
        {data && (
          <Text c="gray.7">{t(data.isOperator ? 'commissionInvoices.introOperator' : 'commissionInvoices.intro')}</Text>
        )}
        <PagedCards
          query={invoices}
          errorTitle={t('commissionInvoices.errorTitle')}
          loading={t('commissionInvoices.loading')}
          empty={
            <EmptyState
              icon={<IconReceipt size={40} aria-hidden />}
              title={t('commissionInvoices.emptyTitle')}
              text={t('commissionInvoices.emptyText')}
            />
          }
          testId="commission-invoices"
          card={(invoice) => (
            <CommissionInvoiceCard
              key={invoice.id}
              invoice={invoice}
              onMarkPaid={data?.isOperator ? handleMarkPaid : undefined}
              isMarking={markPaid.isPending && markPaid.variables === invoice.id}
            />
          )}
        />
        <ListPagination
          total={data?.total}
          pageSize={COMMISSION_INVOICES_PAGE_SIZE}
          index={index}
          onChange={setIndex}
        />
      </Stack>
    </Container>
  );
}
