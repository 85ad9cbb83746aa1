import type { TMetadataItem } from '@dsm/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { billingText, paymentLabel, paymentText } from '../../shared/offer/payment-label';
import { PaymentModelBadge } from '../../shared/ui/PaymentModelBadge';
import { SidePanel } from './SidePanel';

/** The provider: the offer's provider field, else the first dataset's publisher. */
function providerName(item: TMetadataItem): string | null {
  if (item.provider) return item.provider;
  const publisher = item.datasets[0]?.['dcterms:publisher'];
  if (!publisher) return null;
  return (
    publisher['foaf:name'] ??
    ([publisher['foaf:firstName'], publisher['foaf:lastName']].filter(Boolean).join(' ') || null)
  );
}

/** The Details panel: provider, author, maintainer, price, and the payment model's name when the offer is sellable. */
export function DetailsPanel({ item }: { item: TMetadataItem }) {
  const { t } = useTranslation();
  const notAvailable = t('offer.notAvailable');
  const facts: [string, string, string][] = [
    ['provider', t('offer.provider'), providerName(item) ?? notAvailable],
    ['author', t('offer.author'), item.author ?? notAvailable],
    ['maintainer', t('offer.maintainer'), item.maintainer ?? notAvailable],
  ];
  return (
    <SidePanel titleId="details-title" title={t('offer.details')} testId="details-panel">
      <Stack gap="xs" component="dl" m={0}>
        {facts.map(([key, label, value]) => (
          <div key={key}>
            <Text component="dt" size="xs" c="gray.7" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text component="dd" m={0} data-testid={`details-${key}`}>
              {value}
            </Text>
          </div>
        ))}
        <div>
          <Text component="dt" size="xs" c="gray.7" tt="uppercase" fw={600}>
            {t('offer.price')}
          </Text>
          <Group component="dd" m={0} gap="xs">
            <Text fw={700} size="lg" data-testid="details-price">
              {paymentText(paymentLabel(item.paymentModel, item.price), t)}
            </Text>
            {item.isSellable && <PaymentModelBadge paymentModel={item.paymentModel} price={item.price} />}
          </Group>
          {billingText(paymentLabel(item.paymentModel, item.price), t) && (
            <Text component="dd" size="sm" c="gray.7" m={0} mt={4} data-testid="details-billing">
              {billingText(paymentLabel(item.paymentModel, item.price), t)}
            </Text>
          )}
        </div>
      </Stack>
    </SidePanel>
  );
}
