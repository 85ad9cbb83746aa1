import type { TAcquisition } from '@dsm/contracts';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { formatDateTime } from '../../shared/format/format';
import { OfferCard } from '../../shared/ui/OfferCard';
import { OfferList } from '../../shared/ui/OfferList';
import { AcquisitionUsagePanel } from '../usage';
import { LikedOfferList, useLikedIds, useToggleLike } from '../watchlist';
import { AcquisitionPayment } from './AcquisitionPayment';
import { ApiAccessPanel } from './ApiAccessPanel';
import { DeliveryPanel } from './DeliveryPanel';
import { DownloadPanel } from './DownloadPanel';
import { useAcquisitions } from './use-acquisitions';
import { useDeliveries } from './use-deliveries';

const purchasedOfferOf = (entry: TAcquisition) => entry.offer;

/**
 * My Acquisitions (/acquisition): as the specification has it, the user's liked offers as cards with
 * a filled heart (a click opens the details, the heart removes the like); below, under their own
 * heading, the offers the user bought, latest first. A bought Connector offer carries its delivery through the
 * data space: request access, the negotiation and transfer states, and the data download; a bought Direct offer
 * a download button per endpoint; a bought Api offer its API access through the gateway (personal keys, a curl
 * call). Each says in a line how its data is got, and what was billed for it and whether that is paid,
 * open or overdue, with the invoice to download. Last, the usage and costs of this month per entitlement, where a subscription is cancelled.
 */
export function AcquisitionsPage() {
  const { t } = useTranslation();
  const likedIds = useLikedIds();
  const purchased = useAcquisitions();
  const toggleLike = useToggleLike();
  const hasConnectorOffers = purchased.data?.some((entry) => entry.isDeliveredByConnector) ?? false;
  const deliveries = useDeliveries(hasConnectorOffers);
  // The newest delivery of an offer counts (the list comes newest first).
  const deliveryByOffer = useMemo(
    () => new Map([...(deliveries.data ?? [])].reverse().map((delivery) => [delivery.offerId, delivery])),
    [deliveries.data],
  );

  const renderPurchased = useCallback(
    (entry: TAcquisition) => {
      const id = entry.offer['@id'];
      const isLiked = likedIds.ids.includes(id);
      const card = (
        <OfferCard
          key={id}
          offer={entry.offer}
          isLiked={isLiked}
          note={t('acquisitions.acquiredAt', { date: formatDateTime(entry.acquiredAt) ?? t('offer.notAvailable') })}
          onToggleLike={() => toggleLike({ id, isLiked: !isLiked })}
        />
      );
      const access = entry.isDeliveredByConnector ? (
        <DeliveryPanel offerId={id} offerTitle={entry.offer.title} delivery={deliveryByOffer.get(id)} />
      ) : entry.isDeliveredByApi ? (
        <ApiAccessPanel offerId={id} offerTitle={entry.offer.title} />
      ) : entry.accessType === 'DIRECT' ? (
        <DownloadPanel offer={entry.offer} />
      ) : null;
      const accessKind = entry.isDeliveredByConnector ? 'CONNECTOR' : entry.isDeliveredByApi ? 'API' : 'DIRECT';
      return (
        <Stack key={id} gap="xs" data-testid="acquisition">
          {card}
          <Paper
            withBorder
            radius="sm"
            p="sm"
            component="section"
            aria-label={t('acquisitions.payment.region', { title: entry.offer.title })}
          >
            <Stack gap="xs">
              <AcquisitionPayment invoices={entry.invoices} />
              <Text size="sm" data-testid="acquisition-access-hint">
                {t(`acquisitions.access.${accessKind}`)}
              </Text>
            </Stack>
          </Paper>
          {access}
        </Stack>
      );
    },
    [likedIds.ids, toggleLike, t, deliveryByOffer],
  );

  return (
    <Container size="xl" py="lg">
      <Stack gap="xl">
        <Title order={1}>{t('acquisitions.title')}</Title>
        <Stack gap="md" component="section" aria-labelledby="acquisitions-liked">
          <Title order={2} size="h3" id="acquisitions-liked">
            {t('acquisitions.likedTitle')}
          </Title>
          <LikedOfferList emptyTitle={t('acquisitions.likedEmptyTitle')} emptyText={t('acquisitions.likedEmptyText')} />
        </Stack>
        <Stack gap="md" component="section" aria-labelledby="acquisitions-purchased">
          <Title order={2} size="h3" id="acquisitions-purchased">
            {t('acquisitions.purchasedTitle')}
          </Title>
          <OfferList
            entries={purchased.data}
            offerOf={purchasedOfferOf}
            renderEntry={renderPurchased}
            errorText={purchased.isError ? errorMessage(purchased.error, t) : null}
            onRetry={() => void purchased.refetch()}
            emptyTitle={t('acquisitions.emptyTitle')}
            emptyText={t('acquisitions.emptyText')}
          />
        </Stack>
        <AcquisitionUsagePanel />
      </Stack>
    </Container>
  );
}
