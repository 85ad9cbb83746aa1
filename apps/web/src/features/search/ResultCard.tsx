import type { TLicence, TOffer } from '@dsm/contracts';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatSize, offerSize, paymentLabel } from './format';
import { licenceLabel } from './licence-label';

/** One search result; the whole card opens the offer's details. */
export function ResultCard({ offer, licences }: { offer: TOffer; licences: readonly TLicence[] }) {
  const { t } = useTranslation();
  const label = paymentLabel(offer.paymentModel, offer.price);
  const payment =
    label.kind === 'free'
      ? t('results.free')
      : label.suffix === 'month'
        ? t('results.perMonth', { amount: label.amount })
        : label.suffix === 'MB'
          ? t('results.perMB', { amount: label.amount })
          : label.amount;
  const updated = formatDateTime(offer.datasets[0]?.['dcterms:modified']) ?? t('results.notAvailable');
  const size = formatSize(offerSize(offer)) ?? t('results.unknownSize');

  return (
    <Card
      component={Link}
      to={`/offer/details/${offer['@id']}`}
      withBorder
      radius="md"
      padding="md"
      data-testid="result-card"
      className="result-card"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" lineClamp={2}>
            {offer.title}
          </Title>
          <Badge variant={label.kind === 'free' ? 'light' : 'filled'} data-testid="payment-label" tt="none" style={{ flexShrink: 0 }}>
            {payment}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {offer.description['@value']}
        </Text>
        <Group gap="lg" wrap="wrap">
          <Text size="xs">
            <Text span fw={600} size="xs">
              {t('results.size')}:
            </Text>{' '}
            <span data-testid="offer-size">{size}</span>
          </Text>
          <Text size="xs">
            <Text span fw={600} size="xs">
              {t('results.updated')}:
            </Text>{' '}
            <span data-testid="offer-updated">{updated}</span>
          </Text>
          <Text size="xs">
            <Text span fw={600} size="xs">
              {t('results.licence')}:
            </Text>{' '}
            <span data-testid="offer-licence">{licenceLabel(offer, licences)}</span>
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
