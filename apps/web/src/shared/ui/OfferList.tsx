import type { TOffer } from '@dsm/contracts';
import { Button, Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfferListFilter } from './OfferListFilter';
import {
  categoriesOf,
  EMPTY_OFFER_LIST_FILTER,
  filterOffers,
  isEmptyOfferListFilter,
  type TOfferListFilter,
} from './offer-list-filter';
import { LoadError } from './QueryState';

export type TOfferListProps<T> = {
  /** The entries; undefined while loading. */
  entries: readonly T[] | undefined;
  /** The offer of an entry. */
  offerOf: (entry: T) => TOffer;
  /** Draws one entry. */
  renderEntry: (entry: T) => ReactNode;
  /** The failure to explain, when loading failed. */
  errorText: string | null;
  onRetry: () => void;
  /** What to say when there is nothing at all. */
  emptyTitle: string;
  emptyText: string;
};

/** A page's list of offer cards beside the filter panel, with loading, empty, no-match and error states. */
export function OfferList<T>({
  entries,
  offerOf,
  renderEntry,
  errorText,
  onRetry,
  emptyTitle,
  emptyText,
}: TOfferListProps<T>) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TOfferListFilter>(EMPTY_OFFER_LIST_FILTER);
  const offers = useMemo(() => (entries ?? []).map(offerOf), [entries, offerOf]);
  const shown = useMemo(() => {
    if (!entries) return [];
    const passing = new Set(filterOffers(offers, filter).map((offer) => offer['@id']));
    return entries.filter((entry) => passing.has(offerOf(entry)['@id']));
  }, [entries, offers, filter, offerOf]);

  let content: ReactNode;
  if (errorText !== null && entries === undefined) {
    content = (
      <LoadError
        title={t('offerList.errorTitle')}
        text={errorText}
        retry={t('offer.retry')}
        onRetry={onRetry}
        testId="offer-list-error"
      />
    );
  } else if (entries === undefined) {
    content = (
      <Stack gap="sm" role="status" aria-busy aria-label={t('offer.loading')} data-testid="offer-list-loading">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={96} radius="md" />
        ))}
      </Stack>
    );
  } else if (entries.length === 0) {
    content = (
      <Card withBorder radius="md" padding="xl" data-testid="offer-list-empty">
        <Stack align="center" gap="xs" ta="center">
          <Title order={2} size="h4">
            {emptyTitle}
          </Title>
          <Text c="gray.7" size="sm">
            {emptyText}
          </Text>
        </Stack>
      </Card>
    );
  } else if (shown.length === 0) {
    content = (
      <Card withBorder radius="md" padding="xl" data-testid="offer-list-no-match">
        <Stack align="center" gap="xs" ta="center">
          <Text>{t('offerList.noMatch')}</Text>
          <Button variant="light" onClick={() => setFilter(EMPTY_OFFER_LIST_FILTER)}>
            {t('filter.clear')}
          </Button>
        </Stack>
      </Card>
    );
  } else {
    content = (
      <Stack gap="sm" data-testid="offer-list">
        {!isEmptyOfferListFilter(filter) && (
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('offerList.shown', { count: shown.length, total: entries.length })}
          </Text>
        )}
        {shown.map(renderEntry)}
      </Stack>
    );
  }

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <OfferListFilter filter={filter} categories={categoriesOf(offers)} onChange={setFilter} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>{content}</Grid.Col>
    </Grid>
  );
}
