import { ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import { renderFacturXOnThread } from './invoice-rendering';
import { loadReadableSale, type TLoadReadableSaleOptions } from './load-readable-sale';

export type TGetInvoiceFacturXOptions = TLoadReadableSaleOptions;

/**
 * An invoice as Factur-X/ZUGFeRD PDF (PDF/A-3 with the EN 16931 CII XML embedded) and its file
 * name, for its buyer and its supplier's members only. Like the XRechnung, it needs both parties'
 * organisations: CONFLICT for an invoice that names none.
 */
export async function getInvoiceFacturX(
  options: TGetInvoiceFacturXOptions,
): Promise<{ fileName: string; pdf: Buffer }> {
  const sale = await loadReadableSale(options);
  const { seller, buyerParty } = sale;
  if (!seller || !buyerParty) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Invoice ${sale.number} names no selling organisation or no buyer organisation, so there is no e-invoice of it; the PDF is the invoice`,
    );
  }
  const pdf = await renderFacturXOnThread({ ...sale, seller, buyerParty }, sale);
  return { fileName: `invoice-${sale.number}-factur-x.pdf`, pdf };
}
