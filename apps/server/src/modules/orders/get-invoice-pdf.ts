import { renderInvoicePdfOnThread } from './invoice-rendering';
import { loadReadableSale, type TLoadReadableSaleOptions } from './load-readable-sale';

export type TGetInvoicePdfOptions = TLoadReadableSaleOptions;

/** An invoice's PDF and its file name, for its buyer and its supplier's members only. */
export async function getInvoicePdf(options: TGetInvoicePdfOptions): Promise<{ fileName: string; pdf: Buffer }> {
  const sale = await loadReadableSale(options);
  return { fileName: `invoice-${sale.number}.pdf`, pdf: await renderInvoicePdfOnThread(sale) };
}
