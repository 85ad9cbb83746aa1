const dayFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * dd.MM.yyyy in German time, the time zone the invoices are dated in, so a due date on screen is
 * the one printed on the PDF wherever the reader is.
 */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dayFormat.format(date);
}
