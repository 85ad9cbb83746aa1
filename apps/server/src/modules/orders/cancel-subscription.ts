import { ErrorCode, type TEntitlementUsage } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { markEntitlementCancelled } from '../entitlements/entitlements-repository';
import { endHoldingWithEntitlement } from '../entitlements/holdings-repository';
import { selectUsageTotals } from '../usage/usage-repository';
import { findEntitlementWithLine, lockEntitlementWithLine } from './billing-repository';
import { billingMonthOf } from './invoice-dates';
import { selectLatestInvoiceOfEntitlements } from './invoices-repository';
import { assertMayCancelSubscription } from './orders-policy';
import { presentEntitlementUsage } from './present-usage';

export type TCancelSubscriptionOptions = {
  db: TDb;
  user: TAuthUser;
  /** The subscription's entitlement. */
  entitlementId: string;
  /** The moment of the cancellation; tests pass a fixed one. */
  now?: Date;
};

/**
 * The buyer cancels a subscription: it is not renewed, and access runs to the end of the period
 * already paid. Cancelling again answers the same; a subscription that already ended (or whose
 * invoice went unpaid) is a CONFLICT, another model than a subscription is a VALIDATION_FAILED.
 * Holds the entitlement's row, so a renewal running now either finishes first (and the buyer keeps
 * the month it billed) or sees the cancellation.
 */
export async function cancelSubscription(options: TCancelSubscriptionOptions): Promise<TEntitlementUsage> {
  const { db, user, entitlementId } = options;
  const now = options.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const row = await lockEntitlementWithLine(trx, entitlementId);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, `There is no subscription ${entitlementId}`);
    assertMayCancelSubscription(user, { id: row.id, userId: row.user_id });
    if (row.payment_model !== 'SUBSCRIPTION_BASED') {
      throw new AppError(ErrorCode.VALIDATION_FAILED, `${row.title} is not a subscription and has nothing to cancel`, [
        { path: 'params.id', message: 'is not a subscription' },
      ]);
    }
    if (row.cancelled_at) return;
    if (row.revoked_at || (row.ends_at && row.ends_at <= now)) {
      throw new AppError(ErrorCode.CONFLICT, `The subscription to ${row.title} has already ended`);
    }
    await markEntitlementCancelled(trx, row.id, now);
    // The buyer holds the offer until the paid period ends, and may subscribe again after it.
    await endHoldingWithEntitlement(trx, row.id);
  });
  const row = (await findEntitlementWithLine(db, entitlementId))!;
  const month = billingMonthOf(now);
  const [totals, invoices] = await Promise.all([
    selectUsageTotals(db, { entitlementId, from: month.from, to: month.to }),
    selectLatestInvoiceOfEntitlements(db, [entitlementId]),
  ]);
  return presentEntitlementUsage({ row, totals, invoice: invoices.get(entitlementId) ?? null, now });
}
