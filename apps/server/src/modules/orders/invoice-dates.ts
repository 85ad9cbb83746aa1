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
 * The service period of an invoice issued at `issuedAt` for lines of these payment models: a
 * one-time purchase is delivered that day; a subscription runs one month from it.
 */
export function servicePeriodOf(issuedAt: Date, paymentModels: readonly TPaymentModel[]): { from: Date; to: Date } {
  const to = new Date(issuedAt);
  if (paymentModels.includes('SUBSCRIPTION_BASED')) to.setUTCMonth(to.getUTCMonth() + 1);
  return { from: issuedAt, to };
}
