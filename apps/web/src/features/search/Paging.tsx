import { PAGE_SIZES, type TPageSize } from '@dsm/contracts';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pagingState } from './paging';
import { parsePageSize } from './results-params';

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
};

/** First, Prev, 'Page N', Next, Last and the page-size selector. */
export function Paging({ index, pageSize, total, isTotalCapped, onPage, onPageSize, isLoading = false }: TPagingProps) {
  const { t } = useTranslation();
  const loaded = pagingState({ index, pageSize, total, isTotalCapped });
  const state = isLoading
    ? { ...loaded, canGoFirst: false, canGoPrev: false, canGoNext: false, canGoLast: false }
    : loaded;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap={6} component="nav" aria-label={t('paging.navigation')}>
        <Button variant="default" size="xs" disabled={!state.canGoFirst} onClick={() => onPage(0)}>
          {t('paging.first')}
        </Button>
        <Button variant="default" size="xs" disabled={!state.canGoPrev} onClick={() => onPage(index - 1)}>
          {t('paging.prev')}
        </Button>
        <Text size="sm" fw={600} px="xs" aria-current="page" data-testid="page-indicator">
          {t('paging.page', { n: index + 1 })}
        </Text>
        <Button variant="default" size="xs" disabled={!state.canGoNext} onClick={() => onPage(index + 1)}>
          {t('paging.next')}
        </Button>
        <Button variant="default" size="xs" disabled={!state.canGoLast} onClick={() => onPage(state.lastIndex)}>
          {t('paging.last')}
        </Button>
      </Group>
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
  );
}
