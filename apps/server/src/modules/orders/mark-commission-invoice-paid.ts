import { ErrorCode, type TCommissionInvoice } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import {
  findCommissionInvoice,
  lockCommissionInvoice,
  updateCommissionInvoice,
} from './commission-invoices-repository';
import { assertMaySettleCommissionInvoice } from './orders-policy';
import { presentCommissionInvoice } from './present-commission-invoice';

export type TMarkCommissionInvoicePaidOptions = {
  db: TDb;
  user: TAuthUser;
  /** PRODUCT_ID: the operator role is `${productId}_OPERATOR`. */
  productId: string;
  commissionInvoiceId: string;
  now?: Date;
};

/**
 * The operator records that a supplier paid a commission invoice. Recording it again changes
 * nothing (the first payment date stays); a cancelled one is a CONFLICT. The row is locked, so a
 * cancellation at the same moment either comes first (CONFLICT here) or cancels it afterwards.
 */
export async function markCommissionInvoicePaid(
  options: TMarkCommissionInvoicePaidOptions,
): Promise<TCommissionInvoice> {
  const { db, user, commissionInvoiceId } = options;
  assertMaySettleCommissionInvoice(user, options.productId);
  const now = options.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const row = await lockCommissionInvoice(trx, commissionInvoiceId);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, `There is no commission invoice ${commissionInvoiceId}`);
    if (row.state === 'cancelled') {
      throw new AppError(
        ErrorCode.CONFLICT,
        `Commission invoice ${row.number} was cancelled by ${row.cancellation_number ?? 'a cancellation invoice'} and cannot be paid`,
      );
    }
    if (row.state === 'paid') return;
    await updateCommissionInvoice(trx, row.id, { state: 'paid', paid_at: now, paid_by: user.id });
  });
  return presentCommissionInvoice((await findCommissionInvoice(db, commissionInvoiceId))!, false);
}
