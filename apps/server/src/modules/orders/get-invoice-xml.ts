import { ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import { renderEInvoiceOnThread } from './invoice-rendering';
import { loadReadableSale, type TLoadReadableSaleOptions } from './load-readable-sale';

export type TGetInvoiceXmlOptions = TLoadReadableSaleOptions;

/**
 * An invoice as an XRechnung e-invoice and its file name, for its buyer and its supplier's members
 * only. An invoice that names no selling organisation (a publisher imported from another
 * catalogue, or issued before organisations) cannot carry the seller's terms: CONFLICT.
 */
export async function getInvoiceXml(options: TGetInvoiceXmlOptions): Promise<{ fileName: string; xml: string }> {
  const sale = await loadReadableSale(options);
  const { seller, buyerParty } = sale;
  if (!seller || !buyerParty) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Invoice ${sale.number} names no selling organisation or no buyer organisation, so there is no e-invoice of it; the PDF is the invoice`,
    );
  }
  const xml = await renderEInvoiceOnThread({ ...sale, seller, buyerParty });
  return { fileName: `invoice-${sale.number}.xml`, xml };
}
