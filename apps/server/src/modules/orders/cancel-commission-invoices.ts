import type { TDb } from '../../db/database';
import { lockUncancelledCommissionInvoicesOfSales, updateCommissionInvoice } from './commission-invoices-repository';
import { formatInvoiceNumber, invoiceYear } from './invoice-dates';
import { COMMISSION_NUMBER_CODE } from './issue-commission-invoices';
import { nextInvoiceSequence } from './orders-repository';

export type TCancelCommissionInvoicesOptions = {
  /** The transaction that cancels the supplier invoices: the numbers are only taken if it commits. */
  db: TDb;
  /** The supplier invoices just cancelled. */
  invoiceIds: readonly string[];
  now: Date;
};

/**
 * Cancels the commission invoices of cancelled supplier invoices: the commission is not owed for a
 * sale that did not happen. Each gets a cancellation invoice (Stornorechnung) dated `now`, numbered
 * gap-free in the marketplace's own range (the commission invoices' range of that year), which
 * repeats the original with negated amounts and names its number. A paid commission invoice is
 * cancelled too (the operator owes the supplier the money back). Each row is locked first, so an
 * operator recording its payment at the same moment either comes before (and is cancelled with it)
 * or after (and is refused). Returns how many it cancelled.
 */
export async function cancelCommissionInvoices(options: TCancelCommissionInvoicesOptions): Promise<number> {
  const { db, now } = options;
  const rows = await lockUncancelledCommissionInvoicesOfSales(db, options.invoiceIds);
  const year = invoiceYear(now);
  for (const row of rows) {
    const sequence = await nextInvoiceSequence(db, row.issuer_key, year);
    await updateCommissionInvoice(db, row.id, {
      state: 'cancelled',
      cancelled_at: now,
      cancellation_year: year,
      cancellation_sequence: sequence,
      cancellation_number: formatInvoiceNumber(year, sequence, COMMISSION_NUMBER_CODE),
    });
  }
  return rows.length;
}
