import { useEffect, useRef, useState } from 'react';
import { type TDateRange, type TFilterState, withModifiedRange } from '../../shared/search/results-params';

/** A date input changes once per typed digit of the year; the range searches after this pause. */
export const DATE_DELAY_MS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A 'YYYY-MM-DD' day that exists ('2024-02-30' does not); null for anything else. */
export function parseDay(text: string): string | null {
  if (!DAY.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

export type TDateRangeInputs = {
  fromText: string;
  toText: string;
  setFromText: (text: string) => void;
  setToText: (text: string) => void;
  /** Both bounds are days and 'from' is after 'to': shown as an error and not searched. */
  isInverted: boolean;
  /** Empties both inputs and drops a pending search (the Clear action). */
  clear: () => void;
};

/**
 * The modification range's inputs, kept as typed. A valid range reaches the filter after a pause; an
 * inverted one never does. Changes of the URL (back button, Clear) flow back into the inputs.
 */
export function useDateRange(filter: TFilterState, onChange: (filter: TFilterState) => void): TDateRangeInputs {
  const from = filter.modifiedRange?.from ?? null;
  const to = filter.modifiedRange?.to ?? null;
  const [fromText, setFromTextState] = useState(from ?? '');
  const [toText, setToTextState] = useState(to ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The delayed search uses the filter of the moment it fires: a value ticked during the pause survives.
  const latest = useRef({ filter, onChange });
  latest.current = { filter, onChange };

  useEffect(() => setFromTextState((text) => (parseDay(text) === from ? text : (from ?? ''))), [from]);
  useEffect(() => setToTextState((text) => (parseDay(text) === to ? text : (to ?? ''))), [to]);
  useEffect(() => () => cancel(timer), []);

  const schedule = (nextFrom: string, nextTo: string) => {
    cancel(timer);
    const range: TDateRange = { from: parseDay(nextFrom), to: parseDay(nextTo) };
    if (range.from !== null && range.to !== null && range.from > range.to) return;
    timer.current = setTimeout(() => {
      const current = latest.current.filter;
      if (range.from === (current.modifiedRange?.from ?? null) && range.to === (current.modifiedRange?.to ?? null)) {
        return;
      }
      latest.current.onChange(withModifiedRange(current, range));
    }, DATE_DELAY_MS);
  };

  const parsedFrom = parseDay(fromText);
  const parsedTo = parseDay(toText);
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
    clear() {
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
