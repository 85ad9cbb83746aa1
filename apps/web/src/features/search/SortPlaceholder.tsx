import type { TSearchSort } from '@dsm/contracts';
import { useId } from 'react';
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
 * code, which a phone should not load before the first results (docs/performance.md). Plain elements
 * drawn as the select's xs input (`.sort-field` in app.css), part of a phone's first screen of results.
 */
export function SortPlaceholder({ sort }: TSortFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="sort-field">
      <label htmlFor={id}>{t('results.sort.label')}</label>
      <input
        id={id}
        className="plain-field"
        value={t(`results.sort.${sort}`)}
        disabled
        readOnly
        data-testid="sort-placeholder"
      />
    </div>
  );
}
