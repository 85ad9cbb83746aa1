import { renderFacturXOnThread } from './invoice-rendering';
import { loadEInvoiceSale, type TLoadReadableSaleOptions } from './load-readable-sale';

export type TGetInvoiceFacturXOptions = TLoadReadableSaleOptions;

/**
 * An invoice as Factur-X/ZUGFeRD PDF (PDF/A-3 with the EN 16931 CII XML embedded) and its file
 * name, for its buyer and its supplier's members only. Like the XRechnung, it needs both parties'
 * organisations: CONFLICT for an invoice that names none (`loadEInvoiceSale`).
 */
export async function getInvoiceFacturX(
  options: TGetInvoiceFacturXOptions,
): Promise<{ fileName: string; pdf: Buffer }> {
  const sale = await loadEInvoiceSale(options);
  const pdf = await renderFacturXOnThread(sale, sale);
  return { fileName: `invoice-${sale.number}-factur-x.pdf`, pdf };
}
