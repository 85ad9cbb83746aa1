import { INVOICE_DUE_DAYS, PAYMENT_WINDOW_DAYS, type TPaymentModel } from '@dsm/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The operator's time zone (German terms, Düsseldorf courts): it decides the invoice year and printed dates. */
export const INVOICE_TIME_ZONE = 'Europe/Berlin';

const yearFormat = new Intl.DateTimeFormat('en', { timeZone: INVOICE_TIME_ZONE, year: 'numeric' });
const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: INVOICE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The calendar year an invoice issued at `date` is numbered in, in German time. */
export function invoiceYear(date: Date): number {
  return Number(yearFormat.format(date));
}

/**
 * `2025-000042`: the year and the sequence within it, padded so numbers sort as text; with the
 * issuer's code in front (`3F2A9C1B-2025-000042`) when each issuer numbers on its own, so a buyer
 * never holds two invoices of one number from different suppliers.
 */
export function formatInvoiceNumber(year: number, sequence: number, issuerCode?: string): string {
  const number = `${year}-${String(sequence).padStart(6, '0')}`;
  return issuerCode ? `${issuerCode}-${number}` : number;
}

/** When an invoice issued at `issuedAt` falls due. */
export function invoiceDueAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + INVOICE_DUE_DAYS * DAY_MS);
}

/** The end of an order's payment window; unpaid invoices are cancelled after it. */
export function orderPayBy(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PAYMENT_WINDOW_DAYS * DAY_MS);
}

/** dd.MM.yyyy in German time, the date format of the invoices. */
export function formatInvoiceDate(date: Date): string {
  return dateFormat.format(date);
}

/**
 * `months` calendar months after `start`, on the same day and time, or on the last day of a shorter
 * month (31 January + 1 month is 28 or 29 February, + 2 months 31 March). Counting every period from
 * the subscription's start keeps a short month from shifting the ones after it.
 */
export function addMonths(start: Date, months: number): Date {
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}

/** The end of the subscription period after the one ending at `currentEnd`, counted from `startsAt`. */
export function nextPeriodEnd(startsAt: Date, currentEnd: Date): Date {
  for (let months = 1; ; months++) {
    const end = addMonths(startsAt, months);
    if (end > currentEnd) return end;
  }
}

/**
 * The service period of an invoice issued at `issuedAt` for lines of these payment models: a
 * one-time purchase is delivered that day; a subscription runs one month from it.
 */
export function servicePeriodOf(issuedAt: Date, paymentModels: readonly TPaymentModel[]): { from: Date; to: Date } {
  return { from: issuedAt, to: paymentModels.includes('SUBSCRIPTION_BASED') ? addMonths(issuedAt, 1) : issuedAt };
}

const berlinParts = new Intl.DateTimeFormat('en-US', {
  timeZone: INVOICE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** German time's offset from UTC at an instant, in milliseconds. */
function berlinOffsetMs(at: Date): number {
  const parts = Object.fromEntries(berlinParts.formatToParts(at).map((part) => [part.type, part.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** Midnight of the first of a month in German time (month 0-based, may run over the year). */
function berlinMonthStart(year: number, month: number): Date {
  const guess = Date.UTC(year, month, 1);
  // Midnight on a first is never inside a daylight-saving change (those are at 2 and 3 o'clock).
  return new Date(guess - berlinOffsetMs(new Date(guess - berlinOffsetMs(new Date(guess)))));
}

/** A calendar month in German time: [from, to) and its `YYYY-MM` label. */
export type TBillingMonth = { from: Date; to: Date; label: string };

/** The calendar month (German time) `offset` months from the one `at` falls in: 0 this one, -1 the last. */
export function billingMonthOf(at: Date, offset = 0): TBillingMonth {
  const parts = Object.fromEntries(berlinParts.formatToParts(at).map((part) => [part.type, part.value]));
  const first = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1 + offset, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth();
  return {
    from: berlinMonthStart(year, month),
    to: berlinMonthStart(year, month + 1),
    label: `${year}-${String(month + 1).padStart(2, '0')}`,
  };
}
