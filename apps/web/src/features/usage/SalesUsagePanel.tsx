import { Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { formatDay, formatMegabytes, formatQuantity } from '../../shared/format/format';
import { EmptyState, LoadError, LoadingCards } from '../orders/QueryState';
import { paymentLabel, paymentText } from '../search/payment-label';
import { useSalesUsage } from './use-usage';

/**
 * My sales' usage: per offer sold, this calendar month's buyers with access, successful downloads,
 * bytes delivered (as MB of 10^6 bytes) and requests.
 */
export function SalesUsagePanel() {
  const { t } = useTranslation();
  const usage = useSalesUsage();
  const data = usage.data;
  return (
    <Stack gap="md" component="section" aria-labelledby="sales-usage" data-testid="sales-usage">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} size="h3" id="sales-usage">
          {t('usage.salesTitle')}
        </Title>
        {data && (
          <Text size="sm" c="gray.7">
            {t('usage.period', {
              from: formatDay(data.period.from),
              to: formatDay(new Date(new Date(data.period.to).getTime() - 1).toISOString()),
            })}
          </Text>
        )}
      </Group>
      {usage.isError && !data && (
        <LoadError
          title={t('usage.errorTitle')}
          text={errorMessage(usage.error, t)}
          retry={t('usage.retry')}
          onRetry={() => void usage.refetch()}
        />
      )}
      {usage.isPending && <LoadingCards label={t('usage.loading')} />}
      {data && data.offers.length === 0 && (
        <EmptyState
          icon={<IconChartBar size={40} aria-hidden />}
          title={t('usage.salesEmptyTitle')}
          text={t('usage.salesEmptyText')}
        />
      )}
      {data && data.offers.length > 0 && (
        <Card withBorder radius="md" padding={0}>
          <ScrollArea type="auto">
            <Table striped miw={560} data-testid="sales-usage-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('usage.offer')}</Table.Th>
                  <Table.Th scope="col">{t('usage.price')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('usage.buyers')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('usage.downloads')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('usage.volume')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('usage.requests')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.offers.map((offer) => (
                  <Table.Tr key={offer.offerId} data-testid="offer-usage">
                    <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {offer.title}
                    </Table.Th>
                    <Table.Td>{paymentText(paymentLabel(offer.paymentModel, offer.price), t)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(offer.buyers)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(offer.downloads)}</Table.Td>
                    <Table.Td ta="right">{formatMegabytes(offer.bytes)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(offer.requests)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Card>
      )}
    </Stack>
  );
}
