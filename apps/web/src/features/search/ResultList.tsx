import type { TLicence, TOffer, TOfferCopies } from '@dsm/contracts';
import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearchOff } from '@tabler/icons-react';
import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCard } from './ResultCard';

/** At most this many skeleton cards: enough to fill a screen, whatever the page size. */
const MAX_SKELETONS = 6;
/** Cards drawn in the first commit (more than a screen holds), then this many more per commit. */
export const FIRST_CARDS = 12;
export const CARDS_PER_STEP = 24;

/**
 * How many of the offers to draw: a screenful at once, the rest in further commits. React slices
 * rendering but not committing, and putting 100 cards into the page in one commit was one long task
 * on a phone; in steps of a few dozen each commit stays short and the first screen comes sooner.
 */
function useRevealedCount(offers: readonly TOffer[] | undefined): number {
  const [revealed, setRevealed] = useState({ offers, count: FIRST_CARDS });
  const current = revealed.offers === offers ? revealed : { offers, count: FIRST_CARDS };
  if (current !== revealed) setRevealed(current);
  const total = offers?.length ?? 0;
  useEffect(() => {
    if (current.count >= total) return;
    const timer = setTimeout(() => {
      startTransition(() =>
        setRevealed((state) => (state.offers === offers ? { offers, count: state.count + CARDS_PER_STEP } : state)),
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [offers, current.count, total]);
  return current.count;
}

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
  // A page of up to 1000 cards renders in the background, in slices the browser can interrupt:
  // the answer arrives through a synchronous store update, and drawing all cards in that one task
  // blocked input for over half a second on a phone (docs/performance.md). The skeletons or the
  // previous cards stay meanwhile.
  const shownOffers = useDeferredValue(offers);
  const revealedCount = useRevealedCount(shownOffers);
  const copiesByOffer = useMemo(() => new Map((copies ?? []).map((entry) => [entry.offerId, entry])), [copies]);
  if (errorText !== null && offers === undefined) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={t('results.errorTitle')}
        data-testid="results-error"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText}</Text>
          <Button size="xs" color="red" onClick={onRetry}>
            {t('results.retry')}
          </Button>
        </Stack>
      </Alert>
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
      <Card withBorder radius="md" padding="xl" data-testid="results-empty">
        <Stack align="center" gap="sm" ta="center">
          <IconSearchOff size={40} aria-hidden />
          <Title order={2} size="h4">
            {t('results.emptyTitle')}
          </Title>
          <Text c="gray.7" size="sm">
            {t('results.emptyHint')}
          </Text>
          <Button onClick={onClearFilters} data-testid="results-clear-filters">
            {t('results.clearFilters')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack
      gap="sm"
      component="section"
      aria-label={t('results.list')}
      aria-busy={isStale || shownOffers !== offers}
      className={isStale || shownOffers !== offers ? 'result-list is-stale' : 'result-list'}
      data-testid="result-list"
    >
      {shownOffers.slice(0, revealedCount).map((offer) => (
        <ResultCard key={offer['@id']} offer={offer} licences={licences} copies={copiesByOffer.get(offer['@id'])} />
      ))}
    </Stack>
  );
}
