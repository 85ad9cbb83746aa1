import { type TSale, toCents } from '@dsm/contracts';
import { Button, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { formatCents } from '../../shared/format/format';
import { EmptyState } from '../../shared/ui/QueryState';
import { SalesUsagePanel } from '../usage';
import { ListPagination } from './ListPagination';
import { PagedCards } from './PagedCards';
import { SaleCard } from './SaleCard';
import { SALES_PAGE_SIZE, useMarkInvoicePaid, useSales } from './use-sales';

/**
 * /sales, 'My sales': the invoices of the publishers the user sells for, with the sold items, the
 * buyer, the commission, and a mark-paid action once the money has arrived; and this month's usage
 * of each offer sold.
 */
export function MySalesPage() {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [index, setIndex] = useState(0);
  const sales = useSales(index);
  const markPaid = useMarkInvoicePaid();
  const [confirming, setConfirming] = useState<TSale | null>(null);
  const data = sales.data;

  const confirm = () => {
    if (!confirming) return;
    const sale = confirming;
    markPaid.mutate(sale.id, {
      onSuccess: () => {
        setConfirming(null);
        showAlert(t('sales.markedPaid', { number: sale.number }));
      },
      onError: (error) => showAlert(errorMessage(error, t), { type: 'error' }),
    });
  };

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('sales.title')}</Title>
        {data && data.agents.length === 0 && (
          <EmptyState
            icon={<IconBuildingStore size={40} aria-hidden />}
            title={t('sales.noAgentsTitle')}
            text={t('sales.noAgentsText')}
          />
        )}
        {data && data.agents.length > 0 && (
          <Text c="gray.7" data-testid="sales-agents">
            {t('sales.sellsFor', { agents: data.agents.map((agent) => agent.name).join(', ') })}
          </Text>
        )}
        <PagedCards
          query={sales}
          errorTitle={t('sales.errorTitle')}
          loading={t('sales.loading')}
          empty={
            data?.agents.length ? (
              <EmptyState
                icon={<IconReceipt size={40} aria-hidden />}
                title={t('sales.emptyTitle')}
                text={t('sales.emptyText')}
              />
            ) : null
          }
          testId="sales"
          card={(sale) => <SaleCard key={sale.id} sale={sale} onMarkPaid={setConfirming} />}
        />
        {data && data.agents.length > 0 && <SalesUsagePanel />}
        <ListPagination total={data?.total} pageSize={SALES_PAGE_SIZE} index={index} onChange={setIndex} />
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('sales.confirmTitle', { number: confirming?.number ?? '' })}
        centered
      >
        <Stack gap="md" data-testid="mark-paid-modal">
          <Text size="sm">
            {t('sales.confirmText', {
              amount: confirming ? formatCents(toCents(confirming.gross)) : '',
              buyer: confirming ? confirming.buyer.name || confirming.buyer.email : '',
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('sales.cancel')}
            </Button>
            <Button onClick={confirm} loading={markPaid.isPending} data-testid="confirm-mark-paid">
              {t('sales.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
