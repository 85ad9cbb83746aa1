import { Card, ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FactCard, FactCardList, useIsPhone } from '../../shared/FactCards';
import { formatMegabytes, formatQuantity } from '../../shared/format/format';
import { paymentLabel, paymentText } from '../search/payment-label';
import { UsageSection } from './UsageSection';
import { useSalesUsage } from './use-usage';

/**
 * My sales' usage: per offer sold, this calendar month's buyers with access, successful downloads,
 * bytes delivered (as MB of 10^6 bytes) and requests. A table, and on a phone a card per offer, so no
 * figure is off the screen.
 */
export function SalesUsagePanel() {
  const { t } = useTranslation();
  const usage = useSalesUsage();
  const isPhone = useIsPhone();
  const data = usage.data;
  return (
    <UsageSection
      headingId="sales-usage"
      title={t('usage.salesTitle')}
      testId="sales-usage"
      query={usage}
      isEmpty={data?.offers.length === 0}
      emptyTitle={t('usage.salesEmptyTitle')}
      emptyText={t('usage.salesEmptyText')}
    >
      {isPhone ? (
        <FactCardList label={t('usage.salesTitle')} testId="sales-usage-cards">
          {data?.offers.map((offer) => (
            <FactCard
              key={offer.offerId}
              title={offer.title}
              testId="offer-usage-card"
              facts={[
                { label: t('usage.price'), value: paymentText(paymentLabel(offer.paymentModel, offer.price), t) },
                { label: t('usage.buyers'), value: formatQuantity(offer.buyers) },
                { label: t('usage.downloads'), value: formatQuantity(offer.downloads) },
                { label: t('usage.volume'), value: formatMegabytes(offer.bytes) },
                { label: t('usage.requests'), value: formatQuantity(offer.requests) },
              ]}
            />
          ))}
        </FactCardList>
      ) : (
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
                {data?.offers.map((offer) => (
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
    </UsageSection>
  );
}
