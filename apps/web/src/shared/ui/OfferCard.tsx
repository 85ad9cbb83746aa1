import type { TOffer } from '@dsm/contracts';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../format/format';
import { categoryText } from '../labels';
import { paymentLabel, paymentText } from '../offer/payment-label';
import { LikeButton } from './LikeButton';
import { PaymentModelBadge } from './PaymentModelBadge';

export type TOfferCardProps = {
  offer: TOffer;
  isLiked: boolean;
  onToggleLike: () => void;
  /** A line under the title, for example when the offer was acquired. */
  note?: string;
};

/**
 * An offer on the watchlist or My Acquisitions: the title opens the details, the heart beside it
 * likes or unlikes. Two separate controls, so each is reachable by keyboard and named on its own.
 */
export function OfferCard({ offer, isLiked, onToggleLike, note }: TOfferCardProps) {
  const { t } = useTranslation();
  const domId = useId();
  const updated = formatDateTime(offer.datasets[0]?.['dcterms:modified']) ?? t('offer.notAvailable');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={`${domId}-title`}
      data-testid="offer-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={2} size="h4" id={`${domId}-title`}>
            <Anchor
              component={Link}
              to={`/offer/details/${encodeURIComponent(offer['@id'])}`}
              c="inherit"
              underline="hover"
              data-testid="offer-card-link"
            >
              {offer.title}
            </Anchor>
          </Title>
          {note && (
            <Text size="xs" c="gray.7">
              {note}
            </Text>
          )}
        </Stack>
        <LikeButton isLiked={isLiked} title={offer.title} onToggle={onToggleLike} />
      </Group>
      <Text size="sm" lineClamp={2} mt="xs">
        {offer.description['@value']}
      </Text>
      <Group gap="lg" mt="sm">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {paymentText(paymentLabel(offer.paymentModel, offer.price), t)}
          </Text>
          {offer.isSellable && <PaymentModelBadge paymentModel={offer.paymentModel} price={offer.price} />}
        </Group>
        <Text size="sm" c="gray.7">
          {t('results.updated')}: {updated}
        </Text>
        {offer.categories[0] && (
          <Text size="sm" c="gray.7">
            {categoryText(t, offer.categories[0])}
          </Text>
        )}
      </Group>
    </Card>
  );
}
