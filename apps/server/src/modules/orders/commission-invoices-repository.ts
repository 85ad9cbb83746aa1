import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TCommissionInvoiceTable } from '../../db/schema';

/** SQL of the marketplace's commission invoices. */

export type TCommissionInvoiceRow = Selectable<TCommissionInvoiceTable>;

/** A commission invoice with the number of the sale it bills. */
export type TCommissionInvoiceWithSale = TCommissionInvoiceRow & { sale_number: string };

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
    .select(['i.number as sale_number']);
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

/** Locks one commission invoice for a change of state; undefined when there is none. */
export async function lockCommissionInvoice(db: TDb, id: string): Promise<TCommissionInvoiceRow | undefined> {
  return db.selectFrom('commission_invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks the commission invoices of these supplier invoices that are not cancelled yet, oldest number first. */
export async function lockUncancelledCommissionInvoicesOfSales(
  db: TDb,
  invoiceIds: readonly string[],
): Promise<TCommissionInvoiceRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('commission_invoices')
    .selectAll()
    .where('invoice_id', 'in', [...invoiceIds])
    .where('state', '<>', 'cancelled')
    .orderBy('year')
    .orderBy('sequence')
    .forUpdate()
    .execute();
}

export async function updateCommissionInvoice(
  db: TDb,
  id: string,
  changes: Pick<
    Updateable<TCommissionInvoiceTable>,
    | 'state'
    | 'paid_at'
    | 'paid_by'
    | 'cancelled_at'
    | 'cancellation_number'
    | 'cancellation_year'
    | 'cancellation_sequence'
  >,
): Promise<void> {
  await db.updateTable('commission_invoices').set(changes).where('id', '=', id).execute();
}

/**
 * One page of commission invoices, newest first, and how many there are: every supplier's
 * (`supplierIds` null, for the operator) or those billed to these suppliers.
 */
export async function pageCommissionInvoices(
  db: TDb,
  filter: { supplierIds: readonly string[] | null; index: number; pageSize: number },
): Promise<{ rows: TCommissionInvoiceWithSale[]; total: number }> {
  const { supplierIds } = filter;
  if (supplierIds?.length === 0) return { rows: [], total: 0 };
  let page = withSale(db);
  let count = db.selectFrom('commission_invoices as c').select((eb) => eb.fn.countAll<string>().as('total'));
  if (supplierIds) {
    page = page.where('c.supplier_id', 'in', [...supplierIds]);
    count = count.where('c.supplier_id', 'in', [...supplierIds]);
  }
  const [rows, counted] = await Promise.all([
    page
      .orderBy('c.issued_at', 'desc')
      .orderBy('c.sequence', 'desc')
      .limit(filter.pageSize)
      .offset(filter.index * filter.pageSize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}
