import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { loadInvoiceBundles } from './invoices-repository';
import { assertMayReadInvoice } from './orders-policy';
import { presentSale } from './present-order';

export type TLoadReadableSaleOptions = { db: TDb; user: TAuthUser; invoiceId: string };

/**
 * An invoice as its documents present it, for its buyer and its supplier's members only; without
 * the commission invoice, which is none of the buyer's business.
 */
export async function loadReadableSale(options: TLoadReadableSaleOptions): Promise<ReturnType<typeof presentSale>> {
  const [bundle] = await loadInvoiceBundles(options.db, [options.invoiceId]);
  if (!bundle) throw new AppError(ErrorCode.NOT_FOUND, `There is no invoice ${options.invoiceId}`);
  await assertMayReadInvoice(options.db, options.user, {
    id: bundle.invoice.id,
    supplierId: bundle.invoice.supplier_id,
    buyerId: bundle.order.consumer_id,
  });
  return presentSale(bundle.invoice, bundle.items, bundle.order, null);
}
