import { ErrorCode, type TSale } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { findCommissionInvoicesOfSales } from './commission-invoices-repository';
import { findInvoice, loadInvoiceBundles } from './invoices-repository';
import { settleOrderState } from './order-state';
import { assertMaySettleInvoice } from './orders-policy';
import { lockOrder, markInvoicesPaid } from './orders-repository';
import { presentCommissionInvoice } from './present-commission-invoice';
import { presentSale } from './present-order';

export type TMarkInvoicePaidOptions = { db: TDb; user: TAuthUser; invoiceId: string; now?: Date };

/**
 * The supplier records that an invoice's money arrived; the order becomes paid once none of its
 * invoices is open. Marking a paid invoice again changes nothing; a cancelled one is a CONFLICT.
 */
export async function markInvoicePaid(options: TMarkInvoicePaidOptions): Promise<TSale> {
  const { db, user, invoiceId } = options;
  const now = options.now ?? new Date();
  const found = await findInvoice(db, invoiceId);
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, `There is no invoice ${invoiceId}`);
  await assertMaySettleInvoice(db, user, { id: found.id, supplierId: found.supplier_id });

  await db.transaction().execute(async (trx) => {
    // The order row first, as the auto-cancel job does, so the two never deadlock or cross.
    await lockOrder(trx, found.order_id);
    const invoice = await findInvoice(trx, invoiceId);
    if (invoice?.state === 'cancelled') {
      throw new AppError(ErrorCode.CONFLICT, `Invoice ${invoice.number} was cancelled and cannot be paid`);
    }
    if (invoice?.state !== 'open') return;
    await markInvoicesPaid(trx, [invoiceId], now, user.id);
    await settleOrderState(trx, found.order_id, now);
  });
  const [bundle] = await loadInvoiceBundles(db, [invoiceId]);
  const commission = (await findCommissionInvoicesOfSales(db, [invoiceId])).get(invoiceId);
  return presentSale(
    bundle!.invoice,
    bundle!.items,
    bundle!.order,
    commission ? presentCommissionInvoice(commission) : null,
  );
}
