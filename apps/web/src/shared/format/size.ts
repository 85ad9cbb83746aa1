import { currentLanguage, decimalSeparator } from './format';

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A size in bytes as the specification writes it, 1024-based from B up to YB with two decimals, in the
 * page's language: '1.75 MB' (en), '1,75 MB' (de, fr, es, it, pt); null when unknown. The value stays
 * below 1024 in its unit, so no grouping is needed and the separator is all that differs (written like
 * money, without Intl.NumberFormat, whose first use cost a slow phone's results page 70 ms).
 */
export function formatByteSize(bytes: number | null | undefined, language = currentLanguage()): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2).replace('.', decimalSeparator(language))} ${SIZE_UNITS[unit]}`;
}

/**
 * A size as a supplier states it, a number and its unit: '1.5 MB' (en), '1,5 MB' (de); decimals as typed,
 * at most three.
 */
export function formatStatedSize(value: number, unit: string, language = currentLanguage()): string {
  const written = String(Number(value.toFixed(3))).replace('.', decimalSeparator(language));
  return unit ? `${written} ${unit}` : written;
}
