import { type TFilterState, withModifiedRange } from '../../shared/search/results-params';
import { type TRangeField, type TRangeInputs, useRangeInputs } from './use-range-inputs';

/** A date input changes once per typed digit of the year; the range searches after this pause. */
export const DATE_DELAY_MS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A 'YYYY-MM-DD' day that exists ('2024-02-30' does not); null for anything else. */
export function parseDay(text: string): string | null {
  if (!DAY.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

export type TDateRangeInputs = TRangeInputs;

const MODIFIED_RANGE: TRangeField<string> = {
  read: (filter) => ({ from: filter.modifiedRange?.from ?? null, to: filter.modifiedRange?.to ?? null }),
  write: withModifiedRange,
  parse: parseDay,
  format: (day) => day ?? '',
  delayMs: DATE_DELAY_MS,
};

/** The modification range's inputs, as `useRangeInputs` keeps them: days, 'YYYY-MM-DD'. */
export function useDateRange(filter: TFilterState, onChange: (filter: TFilterState) => void): TDateRangeInputs {
  return useRangeInputs(filter, onChange, MODIFIED_RANGE);
}
