import {
  commissionInvoiceDocument,
  loadReadableCommissionInvoice,
  type TLoadCommissionInvoiceOptions,
} from './commission-invoice-document';
import { commissionEInvoiceSale } from './get-commission-invoice-e-invoice';
import { renderFacturXOnThread } from './invoice-rendering';

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
  return {
    fileName: `commission-invoice-${invoice.number}-factur-x.pdf`,
    pdf: await renderFacturXOnThread(sale, commissionInvoiceDocument(invoice), { isCommission: true }),
  };
}
