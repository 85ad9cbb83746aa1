import { useEffect, useRef, useState } from 'react';
import { currentLanguage, decimalSeparator } from '../../shared/format/format';
import { parsePrice, type TFilterState } from '../../shared/search/results-params';

/** Typing pauses this long before the range searches, so '150.5' is one search, not five. */
export const PRICE_DELAY_MS = 400;

/** A bound as the input shows it, with the page's decimal separator ('12,5' in German); parsePrice reads both. */
const priceText = (value: number | null) =>
  value === null ? '' : String(value).replace('.', decimalSeparator(currentLanguage()));

export type TPriceRange = {
  fromText: string;
  toText: string;
  setFromText: (text: string) => void;
  setToText: (text: string) => void;
  /** True when both bounds are numbers and 'from' is above 'to': shown as an error and not searched. */
  isInverted: boolean;
  /** True when 'from' holds text that is not a price (letters, a minus sign): shown as an error, not searched. */
  isFromInvalid: boolean;
  /** The same for 'to'. */
  isToInvalid: boolean;
  /** Empties both inputs and drops a pending search (the Clear action). */
  clear: () => void;
};

/**
 * The price inputs' text, parsed as decimals (null when not numeric). A valid range reaches the
 * filter after a typing pause; an inverted one never does. Changes of the URL (back button,
 * Clear) flow back into the inputs unless the text already means the same number ('12.' is 12).
 */
export function usePriceRange(filter: TFilterState, onChange: (filter: TFilterState) => void): TPriceRange {
  const { from, to } = filter.priceRange;
  const [fromText, setFromTextState] = useState(() => priceText(from));
  const [toText, setToTextState] = useState(() => priceText(to));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The delayed search must use the filter and handler of the moment it fires, not of the keystroke:
  // a category ticked during the pause must survive it.
  const latest = useRef({ filter, onChange });
  latest.current = { filter, onChange };

  useEffect(() => setFromTextState((text) => (parsePrice(text) === from ? text : priceText(from))), [from]);
  useEffect(() => setToTextState((text) => (parsePrice(text) === to ? text : priceText(to))), [to]);
  useEffect(() => () => cancel(timer), []);

  const schedule = (nextFrom: string, nextTo: string) => {
    cancel(timer);
    const range = { from: parsePrice(nextFrom), to: parsePrice(nextTo) };
    if (range.from !== null && range.to !== null && range.from > range.to) return;
    timer.current = setTimeout(() => {
      const current = latest.current.filter;
      if (range.from === current.priceRange.from && range.to === current.priceRange.to) return;
      latest.current.onChange({ ...current, priceRange: range });
    }, PRICE_DELAY_MS);
  };

  const parsedFrom = parsePrice(fromText);
  const parsedTo = parsePrice(toText);
  return {
    fromText,
    toText,
    setFromText(text) {
      setFromTextState(text);
      schedule(text, toText);
    },
    setToText(text) {
      setToTextState(text);
      schedule(fromText, text);
    },
    isInverted: parsedFrom !== null && parsedTo !== null && parsedFrom > parsedTo,
    isFromInvalid: parsedFrom === null && fromText.trim() !== '',
    isToInvalid: parsedTo === null && toText.trim() !== '',
    clear() {
      // A price typed just before Clear must not bring the old search back.
      cancel(timer);
      setFromTextState('');
      setToTextState('');
    },
  };
}

function cancel(timer: { current: ReturnType<typeof setTimeout> | null }): void {
  if (timer.current) clearTimeout(timer.current);
  timer.current = null;
}
