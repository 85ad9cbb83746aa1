import { loadReadableCommissionInvoice, type TLoadCommissionInvoiceOptions } from './commission-invoice-document';
import { commissionEInvoiceSale } from './get-commission-invoice-e-invoice';
import { renderEInvoiceOnThread } from './invoice-rendering';

/**
 * A commission invoice as XRechnung (EN 16931 UBL) and its file name, for the members of the supplier
 * it bills and the operator; CONFLICT when it names no buyer organisation.
 */
export async function getCommissionInvoiceXml(
  options: TLoadCommissionInvoiceOptions,
): Promise<{ fileName: string; xml: string }> {
  const invoice = await loadReadableCommissionInvoice(options);
  const xml = await renderEInvoiceOnThread(commissionEInvoiceSale(invoice));
  return { fileName: `commission-invoice-${invoice.number}.xml`, xml };
}
