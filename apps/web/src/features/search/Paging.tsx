import { PAGE_SIZES } from '@dsm/contracts';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pagingState } from './paging';

export type TPagingProps = {
  index: number;
  pageSize: number;
  total: number;
  isTotalCapped: boolean;
  onPage: (index: number) => void;
  onPageSize: (pageSize: number) => void;
};

/** First, Prev, 'Page N', Next, Last and the page-size selector. */
export function Paging({ index, pageSize, total, isTotalCapped, onPage, onPageSize }: TPagingProps) {
  const { t } = useTranslation();
  const state = pagingState(index, pageSize, total, isTotalCapped);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" component="nav" aria-label={t('paging.navigation')}>
      <Group gap={6}>
        <Button variant="default" size="xs" disabled={!state.canGoFirst} onClick={() => onPage(0)}>
          {t('paging.first')}
        </Button>
        <Button variant="default" size="xs" disabled={!state.canGoPrev} onClick={() => onPage(index - 1)}>
          {t('paging.prev')}
        </Button>
        <Text size="sm" fw={600} px="xs" aria-live="polite">
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
        onChange={(event) => {
          const size = Number(event.currentTarget.value);
          if (Number.isNaN(size)) {
            console.warn('Invalid page size', event.currentTarget.value);
            return;
          }
          onPageSize(size);
        }}
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
      />
    </Group>
  );
}
