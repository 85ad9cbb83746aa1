import { SEARCH_SORTS } from '@dsm/contracts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseSort } from './read-results-params';
import { SORT_FIELD_STYLES, type TSortFieldProps } from './SortPlaceholder';

/** The order of the results: relevance, newest, oldest, title A-Z, price low to high. */
export function SortSelect({ sort, onSort }: TSortFieldProps) {
  const { t } = useTranslation();
  return (
    <Select
      size="xs"
      label={t('results.sort.label')}
      data={SEARCH_SORTS.map((value) => ({ value, label: t(`results.sort.${value}`) }))}
      value={sort}
      allowDeselect={false}
      onChange={(value) => {
        const next = parseSort(value);
        if (next !== null && next !== sort) onSort(next);
      }}
      styles={SORT_FIELD_STYLES}
      data-testid="sort-select"
    />
  );
}
