import type { TAcquisitionUsageResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectUsageTotalsByEntitlement } from '../usage/usage-repository';
import { selectEntitlementsOfBuyer } from './billing-repository';
import { billingMonthOf } from './invoice-dates';
import { selectLatestInvoiceOfEntitlements } from './invoices-repository';
import { presentEntitlementUsage } from './present-usage';

/** At most this many entitlements are shown with their usage. */
export const MAX_USAGE_ENTITLEMENTS = 200;

export type TListAcquisitionUsageOptions = { db: TDb; userId: string; now?: Date };

/**
 * The buyer's entitlements, latest first, with this calendar month's usage (German time): requests,
 * successful downloads, bytes, and the cost so far as next month's usage invoice will bill it; for a
 * subscription, its monthly price, the end of the period and whether it can still be cancelled; and
 * the latest invoice that billed it, so that a period is called paid only when its invoice is.
 */
export async function listAcquisitionUsage(options: TListAcquisitionUsageOptions): Promise<TAcquisitionUsageResponse> {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const month = billingMonthOf(now);
  const rows = await selectEntitlementsOfBuyer(db, { userId, limit: MAX_USAGE_ENTITLEMENTS });
  const entitlementIds = rows.map((row) => row.id);
  // One grouped query for all of them, not one per entitlement.
  const [totals, invoices] = await Promise.all([
    selectUsageTotalsByEntitlement(db, { entitlementIds, from: month.from, to: month.to }),
    selectLatestInvoiceOfEntitlements(db, entitlementIds),
  ]);
  const entitlements = rows.map((row) =>
    presentEntitlementUsage({ row, totals: totals.get(row.id)!, invoice: invoices.get(row.id) ?? null, now }),
  );
  return { period: { from: month.from.toISOString(), to: month.to.toISOString() }, entitlements };
}
