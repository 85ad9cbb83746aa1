import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadState, type TListQuery } from '../../shared/ui/QueryState';

/** A page of a list of orders, sales or invoices, as the API answers it. */
type TPage<TItem> = { total: number; data: readonly TItem[] };

/**
 * One page of orders, sales or invoices: its first load (failure with Retry, or the sketched cards), what the
 * list says when it has nothing at all, else a card for each item of the page.
 */
export function PagedCards<TItem extends { id: string }>({
  query,
  errorTitle,
  loading,
  empty,
  testId,
  card,
}: {
  query: TListQuery & { data: TPage<TItem> | undefined };
  /** The failure's title. */
  errorTitle: string;
  /** What is announced while the list loads. */
  loading: string;
  /** Shown when the list has no item at all. */
  empty: ReactNode;
  /** The test id of the cards' stack. */
  testId: string;
  card: (item: TItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const data = query.data;
  return (
    <>
      <ListLoadState query={query} errorTitle={errorTitle} retry={t('orders.retry')} loading={loading} />
      {data && data.total === 0 && empty}
      {data && data.data.length > 0 && (
        <Stack gap="md" data-testid={testId}>
          {data.data.map(card)}
        </Stack>
      )}
    </>
  );
}
