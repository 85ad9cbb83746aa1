import type { TDb } from '../../db/database';
import { forgetAllAccess } from '../entitlements/access-cache';
import {
  releaseCancelledOrders,
  revokeEntitlements,
  revokeEntitlementsById,
} from '../entitlements/revoke-entitlements';
import { cancelCommissionInvoices } from './cancel-commission-invoices';
import { settleOrderState } from './order-state';

export type TCancelOverdueOrdersOptions = {
  db: TDb;
  /** The clock's time; the job passes the real one, tests a controlled one. */
  now: Date;
  /** Orders handled per transaction, so a long backlog never holds many locks at once. */
  batchSize?: number;
};

/**
 * The terms' payment window: an order not paid within 30 days is cancelled automatically. Every
 * open invoice of an order whose window has ended is cancelled, with the entitlements of the offers it
 * billed (for a renewal or a month of usage, the entitlement it billed), its commission invoice (by a
 * cancellation invoice), and the order with it (or it counts as paid when another supplier's invoice was paid). Orders another transaction holds (a supplier
 * marking an invoice paid right now) are skipped and picked up by the next run. Returns the ids of
 * the orders it changed.
 */
export async function cancelOverdueOrders(options: TCancelOverdueOrdersOptions): Promise<string[]> {
  const { db, now } = options;
  const batchSize = options.batchSize ?? 200;
  const changed: string[] = [];
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const overdue = await trx
        .selectFrom('orders')
        .select('id')
        .where('state', 'in', ['placed', 'invoiced'])
        .where('pay_by', '<=', now)
        .orderBy('pay_by')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      const ids = overdue.map((row) => row.id);
      if (ids.length === 0) return ids;
      const cancelled = await trx
        .updateTable('invoices')
        .set({ state: 'cancelled', cancelled_at: now })
        .where('order_id', 'in', ids)
        .where('state', '=', 'open')
        .returning('id')
        .execute();
      // The marketplace's commission on a cancelled sale is cancelled by a cancellation invoice.
      await cancelCommissionInvoices({ db: trx, invoiceIds: cancelled.map((invoice) => invoice.id), now });
      // What the cancelled invoices billed is no longer the buyer's; lines another invoice paid stay so.
      const lines =
        cancelled.length === 0
          ? []
          : await trx
              .selectFrom('order_items')
              .select(['order_id', 'offer_id', 'entitlement_id'])
              .where(
                'invoice_id',
                'in',
                cancelled.map((invoice) => invoice.id),
              )
              .execute();
      for (const id of ids) {
        const offerIds = lines.filter((line) => line.order_id === id).map((line) => line.offer_id);
        await revokeEntitlements({ db: trx, orderId: id, offerIds, now });
      }
      // A renewal or usage invoice bills an entitlement of an earlier order: unpaid, it ends that access.
      const billed = lines.flatMap((line) => (line.entitlement_id ? [line.entitlement_id] : []));
      await revokeEntitlementsById(trx, billed, now);
      for (const id of ids) await settleOrderState(trx, id, now);
      await releaseCancelledOrders(trx, ids, now);
      return ids;
    });
    changed.push(...batch);
    // Revoked access ends on the buyers' next page, whatever this process kept of it.
    if (batch.length > 0) forgetAllAccess();
    if (batch.length < batchSize) return changed;
  }
}
