/**
 * Reads the dates portals write: full ISO timestamps, dates, 'YYYY-MM', 'YYYY', and timestamps
 * without a zone (taken as UTC). Anything else (ISO 8601 intervals or repeats such as
 * 'R/P1D', '2019/2020', free text) is no date: null, never an error, so the record still imports.
 */
export function parseLooseDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const raw = value.trim();
  let iso: string | null = null;
  if (/^\d{4}$/.test(raw)) iso = `${raw}-01-01T00:00:00Z`;
  else if (/^\d{4}-\d{2}$/.test(raw)) iso = `${raw}-01T00:00:00Z`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) iso = `${raw}T00:00:00Z`;
  else if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(raw)) iso = `${raw.replace(' ', 'T')}Z`;
  else if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(raw))
    iso = raw.replace(' ', 'T');
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? date : null;
}
