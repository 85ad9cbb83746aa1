import { describe, expect, it } from 'vitest';
import {
  addMonths,
  billingMonthOf,
  formatInvoiceDate,
  formatInvoiceNumber,
  invoiceDueAt,
  invoiceYear,
  nextPeriodEnd,
} from './invoice-dates';

describe('invoice dates and numbers', () => {
  it('numbers in the German calendar year, so New Year in Berlin starts the new sequence', () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin.
    expect(invoiceYear(new Date('2025-12-31T23:30:00Z'))).toBe(2026);
    expect(invoiceYear(new Date('2025-12-31T22:30:00Z'))).toBe(2025);
  });

  it('pads the sequence so numbers sort as text', () => {
    expect(formatInvoiceNumber(2025, 42)).toBe('2025-000042');
    expect(formatInvoiceNumber(2025, 42, '3F2A9C1B')).toBe('3F2A9C1B-2025-000042');
  });

  it('falls due 30 days after the invoice date, printed dd.MM.yyyy', () => {
    const due = invoiceDueAt(new Date('2025-01-10T09:00:00Z'));
    expect(due.toISOString()).toBe('2025-02-09T09:00:00.000Z');
    expect(formatInvoiceDate(due)).toBe('09.02.2025');
  });

  it('counts subscription months from the start, keeping the day where the month has it', () => {
    const start = new Date('2026-01-31T10:00:00Z');
    expect(addMonths(start, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(start, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(nextPeriodEnd(start, addMonths(start, 1)).toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('bills calendar months in German time, across summer time and the year', () => {
    const october = billingMonthOf(new Date('2026-11-01T00:30:00+01:00'), -1);
    expect(october).toEqual({
      from: new Date('2026-09-30T22:00:00Z'),
      to: new Date('2026-10-31T23:00:00Z'),
      label: '2026-10',
    });
    expect(billingMonthOf(new Date('2027-01-15T12:00:00Z'), -1).label).toBe('2026-12');
    expect(billingMonthOf(new Date('2026-12-31T23:30:00Z')).label).toBe('2027-01');
  });
});
