/**
 * Calendar days given as yyyy-mm-dd (dates of documents, not moments): written in a language's own
 * way and read in UTC, so no time zone moves them to the day before.
 */

/** English texts write days the British way, day first, as the product's English legal texts always have. */
const localeOf = (language: string) => (language.toLowerCase().startsWith('en') ? 'en-GB' : language);

function parseDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day's month and year: 'April 2019' (en), 'April 2019' (de), 'avril 2019' (fr); the text itself when no day. */
export function formatMonthYear(day: string, language: string): string {
  const date = parseDay(day);
  if (!date) return day;
  return new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A day in digits: '26/02/2020' (en), '26.02.2020' (de); the text itself when no day. */
export function formatNumericDay(day: string, language: string): string {
  const date = parseDay(day);
  if (!date) return day;
  return new Intl.DateTimeFormat(localeOf(language), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
