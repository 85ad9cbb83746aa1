import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { loadInvoiceBundles } from './invoices-repository';
import { assertMayReadInvoice } from './orders-policy';
import { presentSale } from './present-order';
import { renderEInvoice } from './render-e-invoice';

export type TGetInvoiceXmlOptions = { db: TDb; user: TAuthUser; invoiceId: string };

/**
 * An invoice as an XRechnung e-invoice and its file name, for its buyer and its supplier's members
 * only. An invoice that names no selling organisation (a publisher imported from another
 * catalogue, or issued before organisations) cannot carry the seller's terms: CONFLICT.
 */
export async function getInvoiceXml(options: TGetInvoiceXmlOptions): Promise<{ fileName: string; xml: string }> {
  const [bundle] = await loadInvoiceBundles(options.db, [options.invoiceId]);
  if (!bundle) throw new AppError(ErrorCode.NOT_FOUND, `There is no invoice ${options.invoiceId}`);
  await assertMayReadInvoice(options.db, options.user, {
    id: bundle.invoice.id,
    supplierId: bundle.invoice.supplier_id,
    buyerId: bundle.order.consumer_id,
  });
  const sale = presentSale(bundle.invoice, bundle.items, bundle.order);
  const { seller, buyerParty } = sale;
  if (!seller || !buyerParty) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Invoice ${sale.number} names no selling organisation or no buyer organisation, so there is no e-invoice of it; the PDF is the invoice`,
    );
  }
  const xml = await renderEInvoice({ ...sale, seller, buyerParty });
  return { fileName: `invoice-${sale.number}.xml`, xml };
}
