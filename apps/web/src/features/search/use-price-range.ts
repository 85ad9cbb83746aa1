import { currentLanguage, decimalSeparator } from '../../shared/format/format';
import { parsePrice, type TFilterState } from '../../shared/search/results-params';
import { type TRangeField, type TRangeInputs, useRangeInputs } from './use-range-inputs';

/** Typing pauses this long before the range searches, so '150.5' is one search, not five. */
export const PRICE_DELAY_MS = 400;

/** A bound as the input shows it, with the page's decimal separator ('12,5' in German); parsePrice reads both. */
const priceText = (value: number | null) =>
  value === null ? '' : String(value).replace('.', decimalSeparator(currentLanguage()));

export type TPriceRange = TRangeInputs & {
  /** True when 'from' holds text that is not a price (letters, a minus sign): shown as an error, not searched. */
  isFromInvalid: boolean;
  /** The same for 'to'. */
  isToInvalid: boolean;
};

const PRICE_RANGE: TRangeField<number> = {
  read: (filter) => filter.priceRange,
  write: (filter, priceRange) => ({ ...filter, priceRange }),
  parse: parsePrice,
  format: priceText,
  delayMs: PRICE_DELAY_MS,
};

/** The price inputs, as `useRangeInputs` keeps them: decimals, null when not numeric. */
export function usePriceRange(filter: TFilterState, onChange: (filter: TFilterState) => void): TPriceRange {
  const inputs = useRangeInputs(filter, onChange, PRICE_RANGE);
  return {
    ...inputs,
    isFromInvalid: parsePrice(inputs.fromText) === null && inputs.fromText.trim() !== '',
    isToInvalid: parsePrice(inputs.toText) === null && inputs.toText.trim() !== '',
  };
}
