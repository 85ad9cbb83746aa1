import type { TMetadataItem } from '@dsm/contracts';
import { Container, Stack, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { OfferCard } from '../offer/OfferCard';
import { OfferList } from '../offer/OfferList';
import { useLikedOffers } from './use-liked-offers';
import { useToggleLike } from './use-likes';

const offerOf = (item: TMetadataItem) => item;

/** The watchlist (/watchlist): the user's liked offers; a card opens the details, the heart removes the like. */
export function WatchlistPage() {
  const { t } = useTranslation();
  const liked = useLikedOffers();
  const toggleLike = useToggleLike();
  const renderEntry = useCallback(
    (item: TMetadataItem) => (
      <OfferCard
        key={item['@id']}
        offer={item}
        isLiked
        onToggleLike={() => toggleLike({ id: item['@id'], isLiked: false })}
      />
    ),
    [toggleLike],
  );
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('watchlist.title')}</Title>
        <OfferList
          entries={liked.offers}
          offerOf={offerOf}
          renderEntry={renderEntry}
          errorText={liked.isError ? errorMessage(liked.error, t) : null}
          onRetry={liked.refetch}
          emptyTitle={t('watchlist.emptyTitle')}
          emptyText={t('watchlist.emptyText')}
        />
      </Stack>
    </Container>
  );
}
