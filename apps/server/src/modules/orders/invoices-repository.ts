import type { TDb } from '../../db/database';
import type { TInvoiceRow, TOrderItemRow, TOrderRow } from './orders-repository';

/** SQL of invoices as suppliers see them, and of agent memberships. */

/** An invoice with the order it belongs to and the lines it bills. */
export type TInvoiceBundle = { invoice: TInvoiceRow; order: TOrderRow; items: TOrderItemRow[] };

export async function findInvoice(db: TDb, invoiceId: string): Promise<TInvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
}

/** Invoices with their orders and lines, in the order of `ids`. */
export async function loadInvoiceBundles(db: TDb, ids: readonly string[]): Promise<TInvoiceBundle[]> {
  if (ids.length === 0) return [];
  const idList = [...ids];
  const invoices = await db.selectFrom('invoices').selectAll().where('id', 'in', idList).execute();
  const orderIds = [...new Set(invoices.map((invoice) => invoice.order_id))];
  const [orders, items] = await Promise.all([
    orderIds.length === 0 ? [] : db.selectFrom('orders').selectAll().where('id', 'in', orderIds).execute(),
    db.selectFrom('order_items').selectAll().where('invoice_id', 'in', idList).orderBy('position').execute(),
  ]);
  const invoiceById = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const orderById = new Map(orders.map((order) => [order.id, order]));
  return idList.flatMap((id) => {
    const invoice = invoiceById.get(id);
    const order = invoice && orderById.get(invoice.order_id);
    if (!invoice || !order) return [];
    return [{ invoice, order, items: items.filter((item) => item.invoice_id === id) }];
  });
}

/** One page of the invoice ids of these suppliers, newest first, and how many there are. */
export async function pageSupplierInvoiceIds(
  db: TDb,
  supplierIds: readonly string[],
  page: { index: number; pageSize: number },
): Promise<{ ids: string[]; total: number }> {
  if (supplierIds.length === 0) return { ids: [], total: 0 };
  const suppliers = [...supplierIds];
  const [rows, count] = await Promise.all([
    db
      .selectFrom('invoices')
      .select('id')
      .where('supplier_id', 'in', suppliers)
      .orderBy('issued_at', 'desc')
      .orderBy('sequence', 'desc')
      .limit(page.pageSize)
      .offset(page.index * page.pageSize)
      .execute(),
    db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('supplier_id', 'in', suppliers)
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.total) };
}

/** The agents a user is a member of, with their names, by id. */
export async function listMemberAgents(
  db: TDb,
  userId: string,
): Promise<{ id: string; type: string; name: string | null; first_name: string | null; last_name: string | null }[]> {
  return db
    .selectFrom('agent_members')
    .innerJoin('agents', 'agents.id', 'agent_members.agent_id')
    .select(['agents.id', 'agents.type', 'agents.name', 'agents.first_name', 'agents.last_name'])
    .where('agent_members.user_id', '=', userId)
    .orderBy('agents.id')
    .execute();
}

/** True when the user acts for the agent. */
export async function isAgentMember(db: TDb, agentId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('agent_members')
    .select('agent_id')
    .where('agent_id', '=', agentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
