import { loadReadableSale, type TLoadReadableSaleOptions } from './load-readable-sale';
import { renderInvoicePdf } from './render-invoice-pdf';

export type TGetInvoicePdfOptions = TLoadReadableSaleOptions;

/** An invoice's PDF and its file name, for its buyer and its supplier's members only. */
export async function getInvoicePdf(options: TGetInvoicePdfOptions): Promise<{ fileName: string; pdf: Buffer }> {
  const sale = await loadReadableSale(options);
  return { fileName: `invoice-${sale.number}.pdf`, pdf: await renderInvoicePdf(sale) };
}
