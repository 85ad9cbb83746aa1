import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import { pageIds } from '../../db/page-ids';
import type { TInvoiceTable, TOrderItemTable, TOrderTable } from '../../db/schema';

/** SQL of orders, their items and invoices. Rows stay in this module; presenters decide what leaves it. */

export type TOrderRow = Selectable<TOrderTable>;
export type TOrderItemRow = Selectable<TOrderItemTable>;
export type TInvoiceRow = Selectable<TInvoiceTable>;

/** An order with everything it owns. */
export type TOrderBundle = { order: TOrderRow; items: TOrderItemRow[]; invoices: TInvoiceRow[] };

/** The order a consumer placed under an idempotency key, with the fingerprint of its request. */
export async function findOrderByIdempotencyKey(
  db: TDb,
  consumerId: string,
  key: string,
): Promise<{ id: string; request_fingerprint: string } | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'request_fingerprint'])
    .where('consumer_id', '=', consumerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export type TNewOrder = Omit<Insertable<TOrderTable>, 'id' | 'updated_at' | 'paid_at' | 'cancelled_at' | 'state'>;

/**
 * Inserts an order in state placed; null when the consumer's idempotency key is taken. A concurrent
 * request with the same key waits here until the first one commits or rolls back.
 */
export async function insertOrder(db: TDb, values: TNewOrder): Promise<string | null> {
  const row = await db
    .insertInto('orders')
    .values({ ...values, state: 'placed' })
    .onConflict((oc) =>
      oc.columns(['consumer_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Inserts a renewal or usage order under its billing key; null when that key was billed already (by
 * an earlier run, or a concurrent one, which this insert waits for).
 */
export async function insertBillingOrder(
  db: TDb,
  values: TNewOrder & { kind: 'renewal' | 'usage'; billing_key: string },
): Promise<string | null> {
  const row = await db
    .insertInto('orders')
    .values({ ...values, state: 'placed' })
    .onConflict((oc) => oc.column('billing_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertOrderItems(db: TDb, rows: Insertable<TOrderItemTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('order_items').values(rows).execute();
}

export type TNewInvoice = Omit<Insertable<TInvoiceTable>, 'id' | 'state' | 'paid_at' | 'paid_by' | 'cancelled_at'>;

export async function insertInvoice(db: TDb, values: TNewInvoice): Promise<TInvoiceRow> {
  return db
    .insertInto('invoices')
    .values({ ...values, state: 'open' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Links order lines to the invoice that bills them. */
export async function assignItemsToInvoice(
  db: TDb,
  orderId: string,
  positions: readonly number[],
  invoiceId: string,
): Promise<void> {
  await db
    .updateTable('order_items')
    .set({ invoice_id: invoiceId })
    .where('order_id', '=', orderId)
    .where('position', 'in', [...positions])
    .execute();
}

/**
 * The next invoice number of an issuer in a year: the range's row is created or incremented and
 * stays locked until the transaction ends, so numbers are handed out one after another and a rolled
 * back transaction returns its number.
 */
export async function nextInvoiceSequence(db: TDb, issuerKey: string, year: number): Promise<number> {
  const row = await db
    .insertInto('invoice_number_ranges')
    .values({ issuer_key: issuerKey, year, last_number: 1 })
    .onConflict((oc) =>
      oc.columns(['issuer_key', 'year']).doUpdateSet({ last_number: sql`invoice_number_ranges.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** Marks invoices paid (when their payment arrived or there was nothing to pay). */
export async function markInvoicesPaid(db: TDb, ids: readonly string[], paidAt: Date, paidBy: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('invoices')
    .set({ state: 'paid', paid_at: paidAt, paid_by: paidBy })
    .where('id', 'in', [...ids])
    .where('state', '=', 'open')
    .execute();
}

/** Locks an order row for a change of state; undefined when there is no such order. */
export async function lockOrder(db: TDb, orderId: string): Promise<TOrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
}

/** The state of each invoice of an order, and when it was paid. */
export async function invoiceSettlementsOf(
  db: TDb,
  orderId: string,
): Promise<Pick<TInvoiceRow, 'state' | 'paid_at'>[]> {
  return db.selectFrom('invoices').select(['state', 'paid_at']).where('order_id', '=', orderId).execute();
}

export async function updateOrderState(
  db: TDb,
  orderId: string,
  changes: Pick<Updateable<TOrderTable>, 'state' | 'paid_at' | 'cancelled_at'>,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .execute();
}

/** Orders with their items and invoices, in the order of `ids`; invoices in the order their suppliers' first lines come. */
export async function loadOrderBundles(db: TDb, ids: readonly string[]): Promise<TOrderBundle[]> {
  if (ids.length === 0) return [];
  const idList = [...ids];
  const [orders, items, invoices] = await Promise.all([
    db.selectFrom('orders').selectAll().where('id', 'in', idList).execute(),
    db.selectFrom('order_items').selectAll().where('order_id', 'in', idList).orderBy('position').execute(),
    db.selectFrom('invoices').selectAll().where('order_id', 'in', idList).orderBy('sequence').execute(),
  ]);
  const byId = new Map(orders.map((order) => [order.id, order]));
  // Items come by position, so the first one seen of an invoice is its first line.
  const firstLine = new Map<string, number>();
  for (const item of items) {
    if (item.invoice_id && !firstLine.has(item.invoice_id)) firstLine.set(item.invoice_id, item.position);
  }
  const lineOf = (invoice: TInvoiceRow) => firstLine.get(invoice.id) ?? Number.MAX_SAFE_INTEGER;
  return idList.flatMap((id) => {
    const order = byId.get(id);
    if (!order) return [];
    return [
      {
        order,
        items: items.filter((item) => item.order_id === id),
        invoices: invoices
          .filter((invoice) => invoice.order_id === id)
          .sort((a, b) => lineOf(a) - lineOf(b) || a.sequence - b.sequence),
      },
    ];
  });
}

/** One page of a consumer's order ids, newest first, and how many orders the consumer has. */
export async function pageOrderIds(
  db: TDb,
  consumerId: string,
  page: { index: number; pageSize: number },
): Promise<{ ids: string[]; total: number }> {
  return pageIds(
    db.selectFrom('orders').where('consumer_id', '=', consumerId),
    (query) => query.orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
}
