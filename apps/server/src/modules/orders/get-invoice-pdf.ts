import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { loadInvoiceBundles } from './invoices-repository';
import { assertMayReadInvoice } from './orders-policy';
import { presentSale } from './present-order';
import { renderInvoicePdf } from './render-invoice-pdf';

export type TGetInvoicePdfOptions = { db: TDb; user: TAuthUser; invoiceId: string };

/** An invoice's PDF and its file name, for its buyer and its supplier's members only. */
export async function getInvoicePdf(options: TGetInvoicePdfOptions): Promise<{ fileName: string; pdf: Buffer }> {
  const [bundle] = await loadInvoiceBundles(options.db, [options.invoiceId]);
  if (!bundle) throw new AppError(ErrorCode.NOT_FOUND, `There is no invoice ${options.invoiceId}`);
  await assertMayReadInvoice(options.db, options.user, {
    id: bundle.invoice.id,
    supplierId: bundle.invoice.supplier_id,
    buyerId: bundle.order.consumer_id,
  });
  const pdf = await renderInvoicePdf(presentSale(bundle.invoice, bundle.items, bundle.order));
  return { fileName: `invoice-${bundle.invoice.number}.pdf`, pdf };
}
