import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { pageIds } from '../../db/page-ids';
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
  return pageIds(
    db.selectFrom('invoices').where('supplier_id', 'in', [...supplierIds]),
    (query) => query.orderBy('issued_at', 'desc').orderBy('sequence', 'desc'),
    page,
  );
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

/** An invoice as its buyer sees it beside what it billed. */
export type TBilledInvoiceRow = {
  id: string;
  number: string;
  state: string;
  issued_at: Date;
  due_at: Date;
  paid_at: Date | null;
  gross: string;
};

/** At most this many invoices are listed per bought offer (the latest and those still open). */
export const MAX_INVOICES_PER_OFFER = 24;

/**
 * The invoices that billed these offers to one buyer (checkouts, renewals, usage), by offer: the
 * latest and every one still open, newest first. One statement for all offers.
 */
export async function selectBilledInvoicesOfOffers(
  db: TDb,
  buyer: { userId: string; offerIds: readonly string[] },
): Promise<Map<string, TBilledInvoiceRow[]>> {
  const byOffer = new Map<string, TBilledInvoiceRow[]>();
  if (buyer.offerIds.length === 0) return byOffer;
  const result = await sql<TBilledInvoiceRow & { offer_id: string; rank: string }>`
    select *, row_number() over (partition by offer_id order by issued_at desc, number desc) as rank
    from (
      select distinct on (i.offer_id, v.id) i.offer_id::text as offer_id,
        v.id, v.number, v.state, v.issued_at, v.due_at, v.paid_at, v.gross
      from orders o
      join order_items i on i.order_id = o.id
      join invoices v on v.id = i.invoice_id
      where o.consumer_id = ${buyer.userId} and i.offer_id = any(${[...buyer.offerIds]}::uuid[])
      order by i.offer_id, v.id
    ) billed
    order by offer_id, issued_at desc, number desc
  `.execute(db);
  const rows = result.rows;
  for (const row of rows) {
    if (Number(row.rank) !== 1 && row.state !== 'open') continue;
    const list = byOffer.get(row.offer_id) ?? [];
    if (list.length >= MAX_INVOICES_PER_OFFER) continue;
    list.push(row);
    byOffer.set(row.offer_id, list);
  }
  return byOffer;
}

/**
 * The latest invoice that billed each of these entitlements: the checkout line that granted it, or a
 * renewal or usage line that names it. One statement for all of them.
 */
export async function selectLatestInvoiceOfEntitlements(
  db: TDb,
  entitlementIds: readonly string[],
): Promise<Map<string, TBilledInvoiceRow>> {
  if (entitlementIds.length === 0) return new Map();
  const ids = [...entitlementIds];
  const result = await sql<TBilledInvoiceRow & { entitlement_id: string }>`
    select distinct on (billed.entitlement_id) billed.entitlement_id,
      v.id, v.number, v.state, v.issued_at, v.due_at, v.paid_at, v.gross
    from (
      select e.id as entitlement_id, i.invoice_id
      from entitlements e
      join order_items i on i.order_id = e.order_id and i.offer_id = e.offer_id
      where e.id = any(${ids}::uuid[])
      union all
      select i.entitlement_id, i.invoice_id
      from order_items i
      where i.entitlement_id = any(${ids}::uuid[])
    ) billed
    join invoices v on v.id = billed.invoice_id
    order by billed.entitlement_id, v.issued_at desc, v.number desc
  `.execute(db);
  return new Map(result.rows.map((row) => [row.entitlement_id, row]));
}
