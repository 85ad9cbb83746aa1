import type { TSalesUsageResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectOfferUsage } from './billing-repository';
import { billingMonthOf } from './invoice-dates';
import { listMemberAgents } from './invoices-repository';
import { presentOfferUsage } from './present-usage';

/** At most this many offers are shown with their usage. */
export const MAX_USAGE_OFFERS = 200;

export type TListSalesUsageOptions = { db: TDb; userId: string; now?: Date };

/**
 * The offers of the publishers the user sells for that buyers acquired, with this calendar month's
 * usage (German time): buyers with access this month, requests, successful downloads and bytes.
 */
export async function listSalesUsage(options: TListSalesUsageOptions): Promise<TSalesUsageResponse> {
  const { db } = options;
  const month = billingMonthOf(options.now ?? new Date());
  const agents = await listMemberAgents(db, options.userId);
  const rows = await selectOfferUsage(db, {
    supplierIds: agents.map((agent) => agent.id),
    from: month.from,
    to: month.to,
    limit: MAX_USAGE_OFFERS,
  });
  return {
    period: { from: month.from.toISOString(), to: month.to.toISOString() },
    offers: rows.map(presentOfferUsage),
  };
}
