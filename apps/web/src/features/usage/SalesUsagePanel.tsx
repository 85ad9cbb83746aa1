import type { TSalesUsageResponse } from '@dsm/contracts';
import { Card, ScrollArea, Table } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FactCard, FactCardList, useIsPhone } from '../../shared/FactCards';
import { formatMegabytes, formatQuantity } from '../../shared/format/format';
import { paymentLabel, paymentText } from '../../shared/offer/payment-label';
import { UsageSection } from './UsageSection';
import { useSalesUsage } from './use-usage';

type TOfferUsage = TSalesUsageResponse['offers'][number];

/** The figures of an offer's usage, in the order the table's columns and a card's facts show them. */
const FIGURES: { label: string; isNumber: boolean; value: (offer: TOfferUsage, t: TFunction) => string }[] = [
  {
    label: 'usage.price',
    isNumber: false,
    value: (offer, t) => paymentText(paymentLabel(offer.paymentModel, offer.price), t),
  },
  { label: 'usage.buyers', isNumber: true, value: (offer) => formatQuantity(offer.buyers) },
  { label: 'usage.downloads', isNumber: true, value: (offer) => formatQuantity(offer.downloads) },
  { label: 'usage.volume', isNumber: true, value: (offer) => formatMegabytes(offer.bytes) },
  { label: 'usage.requests', isNumber: true, value: (offer) => formatQuantity(offer.requests) },
];

/**
 * My sales' usage: per offer sold, this calendar month's buyers with access, successful downloads,
 * bytes delivered (as MB of 10^6 bytes) and requests. A table, and on a phone a card per offer, so no
 * figure is off the screen.
 */
export function SalesUsagePanel() {
  const { t } = useTranslation();
  const usage = useSalesUsage();
  const isPhone = useIsPhone();
  const offers = usage.data?.offers ?? [];
  return (
    <UsageSection
      headingId="sales-usage"
      title={t('usage.salesTitle')}
      testId="sales-usage"
      query={usage}
      isEmpty={usage.data?.offers.length === 0}
      emptyTitle={t('usage.salesEmptyTitle')}
      emptyText={t('usage.salesEmptyText')}
    >
      {isPhone ? (
        <FactCardList label={t('usage.salesTitle')} testId="sales-usage-cards">
          {offers.map((offer) => (
            <FactCard
              key={offer.offerId}
              title={offer.title}
              testId="offer-usage-card"
              facts={FIGURES.map((figure) => ({ label: t(figure.label), value: figure.value(offer, t) }))}
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
                  {FIGURES.map((figure) => (
                    <Table.Th key={figure.label} scope="col" ta={figure.isNumber ? 'right' : undefined}>
                      {t(figure.label)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {offers.map((offer) => (
                  <Table.Tr key={offer.offerId} data-testid="offer-usage">
                    <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {offer.title}
                    </Table.Th>
                    {FIGURES.map((figure) => (
                      <Table.Td key={figure.label} ta={figure.isNumber ? 'right' : undefined}>
                        {figure.value(offer, t)}
                      </Table.Td>
                    ))}
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
