import type { TLicence, TOffer, TOfferCopies } from '@dsm/contracts';
import { Button, Card, Skeleton, Stack } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError } from '../../shared/ui/QueryState';
import { VirtualCards } from './VirtualCards';

/** At most this many skeleton cards: enough to fill a screen, whatever the page size. */
const MAX_SKELETONS = 6;
export type TResultListProps = {
  /** The offers of the page; undefined while the first page loads or after a failure. */
  offers: readonly TOffer[] | undefined;
  licences: readonly TLicence[];
  /** The federated copies collapsed into the shown offers. */
  copies?: readonly TOfferCopies[] | undefined;
  /** Cards to sketch while loading. */
  pageSize: number;
  /** The shown offers belong to the previous request while the next one loads. */
  isStale: boolean;
  /** The failure to explain, when the search failed and nothing is shown. */
  errorText: string | null;
  onRetry: () => void;
  /** Clears terms and filters (the empty state's way out). */
  onClearFilters: () => void;
};

/** The result cards, or skeletons while loading, an empty state, or the error with Retry. */
export function ResultList({
  offers,
  licences,
  copies,
  pageSize,
  isStale,
  errorText,
  onRetry,
  onClearFilters,
}: TResultListProps) {
  const { t } = useTranslation();
  // The answer arrives through a synchronous store update; the list is drawn from a deferred copy, so
  // typing and clicking stay answered meanwhile. The skeletons or the previous cards stay until then.
  const shownOffers = useDeferredValue(offers);
  const copiesByOffer = useMemo(() => new Map((copies ?? []).map((entry) => [entry.offerId, entry])), [copies]);
  if (errorText !== null && offers === undefined) {
    return (
      <LoadError
        title={t('results.errorTitle')}
        text={errorText}
        retry={t('results.retry')}
        onRetry={onRetry}
        testId="results-error"
      />
    );
  }
  if (shownOffers === undefined) {
    return (
      // page-status: the shell keeps the footer away until the results are in (app.css).
      <Stack gap="sm" aria-hidden data-testid="results-loading" className="page-status">
        {Array.from({ length: Math.min(pageSize, MAX_SKELETONS) }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
          <Card key={index} withBorder radius="md" padding="md" data-testid="result-skeleton">
            <Skeleton height={18} width="60%" mb="sm" />
            <Skeleton height={10} mb={6} />
            <Skeleton height={10} width="80%" mb="sm" />
            <Skeleton height={8} width="40%" />
          </Card>
        ))}
      </Stack>
    );
  }
  if (shownOffers.length === 0) {
    return (
      <EmptyState
        icon={<IconSearchOff size={40} aria-hidden />}
        title={t('results.emptyTitle')}
        text={t('results.emptyHint')}
        testId="results-empty"
      >
        <Button onClick={onClearFilters} data-testid="results-clear-filters">
          {t('results.clearFilters')}
        </Button>
      </EmptyState>
    );
  }
  const isBusy = isStale || shownOffers !== offers;
  return (
    <section
      aria-label={t('results.list')}
      aria-busy={isBusy}
      className={isBusy ? 'result-list is-stale' : 'result-list'}
      data-testid="result-list"
    >
      <VirtualCards offers={shownOffers} licences={licences} copiesByOffer={copiesByOffer} />
    </section>
  );
}
