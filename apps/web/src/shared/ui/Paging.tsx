import { PAGE_SIZES, RESULT_CAP, type TPageSize } from '@dsm/contracts';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../format/format';
import { parsePageSize } from '../search/results-params';
import { pagingState, type TPagingState } from './paging';

export type TPagingProps = {
  /** 0-based index of the page shown. */
  index: number;
  pageSize: TPageSize;
  total: number;
  isTotalCapped: boolean;
  /** Go to the page with this index. */
  onPage: (index: number) => void;
  /** Show pages of this size, from the first page. */
  onPageSize: (pageSize: TPageSize) => void;
  /** The first answer is still on its way: the controls hold their place, disabled. */
  isLoading?: boolean;
  /**
   * Above the results (the default): the buttons, the page size and, for a capped total, why 'Last' is off.
   * Below them: the buttons only, so that the end of a long page leads on without scrolling back.
   */
  placement?: 'top' | 'bottom';
};

/** 'Page 3', 'Page 3 of 41' or 'Page 3 of more than 1,000' (more than 10,000 match). */
function pageText(t: TFunction, index: number, state: TPagingState, isLoading: boolean) {
  const n = formatQuantity(index + 1);
  if (isLoading || state.pageCount === 0) return t('paging.page', { n });
  const pages = formatQuantity(state.pageCount);
  return t(state.isBeyondCap ? 'paging.pageOfMore' : 'paging.pageOf', { n, pages });
}

/** First, Prev, 'Page N of M', Next, Last and the page-size selector. */
export function Paging({
  index,
  pageSize,
  total,
  isTotalCapped,
  onPage,
  onPageSize,
  isLoading = false,
  placement = 'top',
}: TPagingProps) {
  const { t } = useTranslation();
  const capHintId = useId();
  const loaded = pagingState({ index, pageSize, total, isTotalCapped });
  const state = isLoading
    ? { ...loaded, canGoFirst: false, canGoPrev: false, canGoNext: false, canGoLast: false }
    : loaded;
  const isTop = placement === 'top';
  const showsCapHint = isTop && !isLoading && state.isBeyondCap;
  const buttons = (
    <Group
      gap={6}
      component="nav"
      aria-label={isTop ? t('paging.navigation') : t('paging.navigationBelow')}
      data-testid={isTop ? 'paging' : 'paging-below'}
    >
      <Button variant="default" size="xs" disabled={!state.canGoFirst} onClick={() => onPage(0)}>
        {t('paging.first')}
      </Button>
      <Button variant="default" size="xs" disabled={!state.canGoPrev} onClick={() => onPage(index - 1)}>
        {t('paging.prev')}
      </Button>
      <Text
        size="sm"
        fw={600}
        px="xs"
        aria-current="page"
        data-testid={isTop ? 'page-indicator' : 'page-indicator-below'}
      >
        {pageText(t, index, state, isLoading)}
      </Text>
      <Button variant="default" size="xs" disabled={!state.canGoNext} onClick={() => onPage(index + 1)}>
        {t('paging.next')}
      </Button>
      <Button
        variant="default"
        size="xs"
        disabled={!state.canGoLast}
        aria-describedby={showsCapHint ? capHintId : undefined}
        onClick={() => onPage(state.lastIndex)}
      >
        {t('paging.last')}
      </Button>
    </Group>
  );
  if (!isTop) return buttons;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {buttons}
        <NativeSelect
          size="xs"
          label={t('paging.pageSize')}
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          disabled={isLoading}
          onChange={(event) => {
            const size = parsePageSize(event.currentTarget.value);
            // As in the reference: an unusable size is logged, and the page keeps its size.
            if (size === null) console.warn('Invalid page size', event.currentTarget.value);
            else onPageSize(size);
          }}
          data-testid="page-size"
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
        />
      </Group>
      {showsCapHint && (
        <Text size="xs" c="gray.7" id={capHintId} data-testid="paging-cap-hint">
          {t('paging.capHint', { cap: formatQuantity(RESULT_CAP) })}
        </Text>
      )}
    </Stack>
  );
}
