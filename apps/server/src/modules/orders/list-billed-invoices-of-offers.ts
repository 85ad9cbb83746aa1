import type { TBilledInvoice } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectBilledInvoicesOfOffers } from './invoices-repository';
import { presentBilledInvoice } from './present-billed-invoice';

export type TListBilledInvoicesOfOffersOptions = { db: TDb; userId: string; offerIds: readonly string[]; now?: Date };

/**
 * What was billed to a buyer for each of these offers and where each bill stands: the latest invoice
 * and every one still open or overdue, newest first. Offers never billed are absent.
 */
export async function listBilledInvoicesOfOffers(
  options: TListBilledInvoicesOfOffersOptions,
): Promise<Map<string, TBilledInvoice[]>> {
  const now = options.now ?? new Date();
  const rows = await selectBilledInvoicesOfOffers(options.db, { userId: options.userId, offerIds: options.offerIds });
  return new Map(
    [...rows].map(([offerId, invoices]) => [offerId, invoices.map((row) => presentBilledInvoice(row, now))]),
  );
}
