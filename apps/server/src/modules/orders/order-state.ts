import type { TInvoiceState, TOrderState } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { invoiceSettlementsOf, updateOrderState } from './orders-repository';

/**
 * An order's state from its invoices: paid when it has none (free and metered offers are not invoiced
 * at checkout, so nothing is owed); invoiced while one is open;
 * cancelled when every invoice was cancelled; otherwise paid (an order whose supplier was paid
 * stays paid even when another supplier's invoice was cancelled for want of payment).
 */
export function orderStateOf(invoiceStates: readonly TInvoiceState[]): TOrderState {
  if (invoiceStates.length === 0) return 'paid';
  if (invoiceStates.includes('open')) return 'invoiced';
  if (invoiceStates.every((state) => state === 'cancelled')) return 'cancelled';
  return 'paid';
}

/**
 * Brings a locked order's state in line with its invoices after one of them changed. A paid order
 * is stamped with its last payment, a cancelled one with `now`. Returns the new state.
 */
export async function settleOrderState(db: TDb, orderId: string, now: Date): Promise<TOrderState> {
  const invoices = await invoiceSettlementsOf(db, orderId);
  const state = orderStateOf(invoices.map((invoice) => invoice.state));
  const lastPayment = invoices.reduce<Date | null>(
    (latest, invoice) => (invoice.paid_at && (!latest || invoice.paid_at > latest) ? invoice.paid_at : latest),
    null,
  );
  await updateOrderState(db, orderId, {
    state,
    paid_at: state === 'paid' ? (lastPayment ?? now) : null,
    cancelled_at: state === 'cancelled' ? now : null,
  });
  return state;
}
