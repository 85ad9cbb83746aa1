import type { Insertable, Selectable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TCommissionInvoiceTable } from '../../db/schema';

/** SQL of the marketplace's commission invoices. */

export type TCommissionInvoiceRow = Selectable<TCommissionInvoiceTable>;

/** A commission invoice with what it needs of the sale it bills: its number and state. */
export type TCommissionInvoiceWithSale = TCommissionInvoiceRow & {
  sale_number: string;
  sale_state: 'open' | 'paid' | 'cancelled';
  sale_cancelled_at: Date | null;
};

export async function insertCommissionInvoice(
  db: TDb,
  row: Insertable<TCommissionInvoiceTable>,
): Promise<TCommissionInvoiceRow> {
  return db.insertInto('commission_invoices').values(row).returningAll().executeTakeFirstOrThrow();
}

function withSale(db: TDb) {
  return db
    .selectFrom('commission_invoices as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .selectAll('c')
    .select(['i.number as sale_number', 'i.state as sale_state', 'i.cancelled_at as sale_cancelled_at']);
}

/** The commission invoices of these supplier invoices, keyed by the supplier invoice's id. */
export async function findCommissionInvoicesOfSales(
  db: TDb,
  invoiceIds: readonly string[],
): Promise<Map<string, TCommissionInvoiceWithSale>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await withSale(db)
    .where('c.invoice_id', 'in', [...invoiceIds])
    .execute();
  return new Map(rows.map((row) => [row.invoice_id, row]));
}

export async function findCommissionInvoice(db: TDb, id: string): Promise<TCommissionInvoiceWithSale | undefined> {
  return withSale(db).where('c.id', '=', id).executeTakeFirst();
}
