/** ES2024 string methods, in Node since 20 but not in the ES2023 library this project compiles against. */
type TWellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

const NUL = '\u0000';
const REPLACEMENT = '\uFFFD';

/**
 * The text with what PostgreSQL cannot store in text, json or jsonb replaced by U+FFFD: unpaired UTF-16
 * surrogates (JSON escapes such as `\udc92` in a source) and NUL. Both checks are native scans, so clean
 * text, nearly all of it, costs no copy.
 */
export function storableText(value: string): string {
  const text = value as TWellFormedString;
  const isWellFormed = text.isWellFormed();
  if (isWellFormed && !text.includes(NUL)) return value;
  return (isWellFormed ? value : text.toWellFormed()).replaceAll(NUL, REPLACEMENT);
}

/**
 * The value with every string in it, at any depth of plain objects and arrays, made storable by
 * `storableText`. Answers the value itself when nothing had to change; other objects (dates) are kept.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const item = storable(value[index]);
      if (item !== value[index]) {
        copy ??= value.slice();
        copy[index] = item;
      }
    }
    return (copy ?? value) as T;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    let copy: Record<string, unknown> | null = null;
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const clean = storable(record[key]);
      if (clean !== record[key]) {
        copy ??= { ...record };
        copy[key] = clean;
      }
    }
    return (copy ?? value) as T;
  }
  return value;
}
