import type { TMetadataItem } from '@dsm/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { OfferCard } from '../../shared/ui/OfferCard';
import { OfferList } from '../../shared/ui/OfferList';
import { useLikedOffers } from './use-liked-offers';
import { useToggleLike } from './use-likes';

const offerOf = (item: TMetadataItem) => item;

export type TLikedOfferListProps = {
  emptyTitle: string;
  emptyText: string;
};

/**
 * The user's liked offers as cards with a filled heart and a working filter panel: a card opens the
 * details, the heart removes the like. The watchlist and My Acquisitions both show it.
 */
export function LikedOfferList({ emptyTitle, emptyText }: TLikedOfferListProps) {
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
    <OfferList
      entries={liked.offers}
      offerOf={offerOf}
      renderEntry={renderEntry}
      errorText={liked.isError ? errorMessage(liked.error, t) : null}
      onRetry={liked.refetch}
      emptyTitle={emptyTitle}
      emptyText={emptyText}
    />
  );
}
