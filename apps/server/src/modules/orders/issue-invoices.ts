import { invoiceAmounts, toCents, toEuros, VAT_RATE } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import type { TOrderLine } from './check-purchased-items';
import { formatInvoiceNumber, invoiceDueAt, invoiceYear } from './invoice-dates';
import { assignItemsToInvoice, insertInvoice, nextInvoiceSequence, type TInvoiceRow } from './orders-repository';

export type TIssueInvoicesOptions = {
  /** The order's transaction: the numbers are only taken if the order commits. */
  db: TDb;
  orderId: string;
  lines: readonly TOrderLine[];
  issuedAt: Date;
  /** The marketplace's commission as a fraction of the net amount. */
  commissionRate: number;
};

/**
 * Issues one invoice per supplier of an order, in the order the suppliers first appear, numbered
 * per year without gaps: net, VAT 19 %, gross, the marketplace's commission, due 30 days later.
 */
export async function issueInvoices(options: TIssueInvoicesOptions): Promise<TInvoiceRow[]> {
  const bySupplier = new Map<string, TOrderLine[]>();
  for (const line of options.lines) bySupplier.set(line.providerId, [...(bySupplier.get(line.providerId) ?? []), line]);
  const year = invoiceYear(options.issuedAt);
  const invoices: TInvoiceRow[] = [];
  for (const [supplierId, lines] of bySupplier) {
    const amounts = invoiceAmounts(
      lines.map((line) => toCents(line.price)),
      options.commissionRate,
    );
    // Taken last, right before the insert, so the year's counter row is locked for as short as possible.
    const sequence = await nextInvoiceSequence(options.db, year);
    const invoice = await insertInvoice(options.db, {
      order_id: options.orderId,
      number: formatInvoiceNumber(year, sequence),
      year,
      sequence,
      supplier_id: supplierId,
      supplier_name: lines[0]!.providerName,
      issued_at: options.issuedAt,
      due_at: invoiceDueAt(options.issuedAt),
      net: toEuros(amounts.net),
      vat_rate: VAT_RATE,
      vat: toEuros(amounts.vat),
      gross: toEuros(amounts.gross),
      commission_rate: options.commissionRate,
      commission: toEuros(amounts.commission),
    });
    await assignItemsToInvoice(
      options.db,
      options.orderId,
      lines.map((line) => line.position),
      invoice.id,
    );
    invoices.push(invoice);
  }
  return invoices;
}
