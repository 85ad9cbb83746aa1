import {
  commissionInvoiceDocument,
  loadReadableCommissionInvoice,
  type TLoadCommissionInvoiceOptions,
} from './commission-invoice-document';
import { commissionEInvoiceSale } from './get-commission-invoice-e-invoice';
import { renderFacturX } from './render-factur-x';
import { renderInvoicePdf } from './render-invoice-pdf';

/**
 * A commission invoice as Factur-X/ZUGFeRD (its PDF as PDF/A-3 with the EN 16931 CII XML embedded)
 * and its file name, for the members of the supplier it bills and the operator; CONFLICT when it
 * names no buyer organisation.
 */
export async function getCommissionInvoiceFacturX(
  options: TLoadCommissionInvoiceOptions,
): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await loadReadableCommissionInvoice(options);
  const sale = commissionEInvoiceSale(invoice);
  const pdf = await renderInvoicePdf(commissionInvoiceDocument(invoice), { isCommission: true });
  return {
    fileName: `commission-invoice-${invoice.number}-factur-x.pdf`,
    pdf: Buffer.from(await renderFacturX(sale, pdf)),
  };
}
