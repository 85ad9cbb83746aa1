import { useEffect, useRef, useState } from 'react';
import type { TFilterState } from '../../shared/search/results-params';

/** A range's bounds; null where the range is open. */
export type TRangeBounds<TValue> = { from: TValue | null; to: TValue | null };

/** How one range of the filter is typed: where the filter holds it, and how a bound is read and shown. */
export type TRangeField<TValue extends string | number> = {
  /** The range the filter holds. */
  read: (filter: TFilterState) => TRangeBounds<TValue>;
  /** The filter with another range. */
  write: (filter: TFilterState, range: TRangeBounds<TValue>) => TFilterState;
  /** A bound from its text; null when the text is none. */
  parse: (text: string) => TValue | null;
  /** A bound as the input shows it. */
  format: (value: TValue | null) => string;
  /** The typing pause before the range searches. */
  delayMs: number;
};

export type TRangeInputs = {
  fromText: string;
  toText: string;
  setFromText: (text: string) => void;
  setToText: (text: string) => void;
  /** Both bounds are values and 'from' is after 'to': shown as an error and not searched. */
  isInverted: boolean;
  /** Empties both inputs and drops a pending search (the Clear action). */
  clear: () => void;
};

/**
 * A range's two inputs, kept as typed. A valid range reaches the filter after a typing pause; an inverted one
 * never does. Changes of the URL (back button, Clear) flow back into the inputs unless the text already means
 * the same bound ('12.' is 12).
 */
export function useRangeInputs<TValue extends string | number>(
  filter: TFilterState,
  onChange: (filter: TFilterState) => void,
  field: TRangeField<TValue>,
): TRangeInputs {
  const { from, to } = field.read(filter);
  const { parse, format } = field;
  const [fromText, setFromTextState] = useState(() => format(from));
  const [toText, setToTextState] = useState(() => format(to));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The delayed search must use the filter and handler of the moment it fires, not of the keystroke:
  // a category ticked during the pause must survive it.
  const latest = useRef({ filter, onChange });
  latest.current = { filter, onChange };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a field is a module constant; only the bound changes
  useEffect(() => setFromTextState((text) => (parse(text) === from ? text : format(from))), [from]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => setToTextState((text) => (parse(text) === to ? text : format(to))), [to]);
  useEffect(() => () => cancel(timer), []);

  const schedule = (nextFrom: string, nextTo: string) => {
    cancel(timer);
    const range = { from: parse(nextFrom), to: parse(nextTo) };
    if (range.from !== null && range.to !== null && range.from > range.to) return;
    timer.current = setTimeout(() => {
      const current = field.read(latest.current.filter);
      if (range.from === current.from && range.to === current.to) return;
      latest.current.onChange(field.write(latest.current.filter, range));
    }, field.delayMs);
  };

  const parsedFrom = parse(fromText);
  const parsedTo = parse(toText);
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
      // A bound typed just before Clear must not bring the old search back.
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
