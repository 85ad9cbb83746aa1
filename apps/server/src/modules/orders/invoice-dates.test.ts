import { describe, expect, it } from 'vitest';
import { formatInvoiceDate, formatInvoiceNumber, invoiceDueAt, invoiceYear } from './invoice-dates';

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
});
