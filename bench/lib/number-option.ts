/**
 * The number a benchmark's command-line option `--name` gives, checked: a whole number unless `isWhole` is false,
 * from `min` up to `max` (no limit without it). A wrong value stops the benchmark with a message naming the option
 * and what it must be.
 */
export function numberOption(
  args: Readonly<Record<string, unknown>>,
  name: string,
  range: { min: number; max?: number; isWhole?: boolean },
): number {
  const value = Number(args[name]);
  const isWhole = range.isWhole ?? true;
  const isInRange = value >= range.min && (range.max === undefined || value <= range.max);
  if (!(isWhole ? Number.isInteger(value) : Number.isFinite(value)) || !isInRange) {
    const bounds = range.max === undefined ? `of at least ${range.min}` : `from ${range.min} to ${range.max}`;
    throw new Error(`--${name} must be ${isWhole ? 'a whole number' : 'a number'} ${bounds}`);
  }
  return value;
}
