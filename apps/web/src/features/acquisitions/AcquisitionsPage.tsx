import type { TAcquisition } from '@dsm/contracts';
import { Container, Stack, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { OfferCard } from '../offer/OfferCard';
import { OfferList } from '../offer/OfferList';
import { formatDateTime } from '../search/format-date';
import { useLikedIds, useToggleLike } from '../watchlist/use-likes';
import { useAcquisitions } from './use-acquisitions';

const offerOf = (entry: TAcquisition) => entry.offer;

/**
 * My Acquisitions (/acquisition): the offers the user acquired, latest first. A card opens the
 * details; the heart shows and changes whether the user likes the offer.
 */
export function AcquisitionsPage() {
  const { t } = useTranslation();
  const acquisitions = useAcquisitions();
  const liked = useLikedIds();
  const toggleLike = useToggleLike();
  const renderEntry = useCallback(
    (entry: TAcquisition) => {
      const id = entry.offer['@id'];
      const isLiked = liked.ids.includes(id);
      return (
        <OfferCard
          key={id}
          offer={entry.offer}
          isLiked={isLiked}
          note={t('acquisitions.acquiredAt', { date: formatDateTime(entry.acquiredAt) ?? t('offer.notAvailable') })}
          onToggleLike={() => toggleLike({ id, isLiked: !isLiked })}
        />
      );
    },
    [liked.ids, toggleLike, t],
  );
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('acquisitions.title')}</Title>
        <OfferList
          entries={acquisitions.data}
          offerOf={offerOf}
          renderEntry={renderEntry}
          errorText={acquisitions.isError ? errorMessage(acquisitions.error, t) : null}
          onRetry={() => void acquisitions.refetch()}
          emptyTitle={t('acquisitions.emptyTitle')}
          emptyText={t('acquisitions.emptyText')}
        />
      </Stack>
    </Container>
  );
}
