import { renderEInvoiceOnThread } from './invoice-rendering';
import { loadEInvoiceSale, type TLoadReadableSaleOptions } from './load-readable-sale';

export type TGetInvoiceXmlOptions = TLoadReadableSaleOptions;

/**
 * An invoice as an XRechnung e-invoice and its file name, for its buyer and its supplier's members
 * only; CONFLICT for an invoice that names no selling or no buyer organisation (`loadEInvoiceSale`).
 */
export async function getInvoiceXml(options: TGetInvoiceXmlOptions): Promise<{ fileName: string; xml: string }> {
  const sale = await loadEInvoiceSale(options);
  const xml = await renderEInvoiceOnThread(sale);
  return { fileName: `invoice-${sale.number}.xml`, xml };
}
