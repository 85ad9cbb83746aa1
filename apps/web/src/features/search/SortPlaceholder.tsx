import type { TSearchSort } from '@dsm/contracts';
import { TextInput } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TSortFieldProps = {
  sort: TSearchSort;
  /** Show the results in this order, from the first page. */
  onSort: (sort: TSearchSort) => void;
};

/**
 * The label beside the field, as the page size has it, and a field wide enough for the longest order
 * name of the six languages; shared by the select and its stand-in, so nothing moves when one replaces
 * the other.
 */
export const SORT_FIELD_STYLES = {
  root: { display: 'flex', alignItems: 'center', gap: 8 },
  label: { whiteSpace: 'nowrap' },
  wrapper: { width: '12.5rem' },
} as const;

/**
 * Holds the sort select's place, disabled, while its code loads: the select brings Mantine's dropdown
 * code, which a phone should not load before the first results (docs/performance.md).
 */
export function SortPlaceholder({ sort }: TSortFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="xs"
      label={t('results.sort.label')}
      value={t(`results.sort.${sort}`)}
      disabled
      readOnly
      rightSection={<IconSelector size={16} aria-hidden />}
      styles={SORT_FIELD_STYLES}
      data-testid="sort-placeholder"
    />
  );
}
