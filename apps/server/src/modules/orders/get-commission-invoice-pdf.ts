import { ErrorCode, type TCommissionInvoice } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import {
  commissionInvoiceDocument,
  loadReadableCommissionInvoice,
  type TLoadCommissionInvoiceOptions,
} from './commission-invoice-document';
import { renderInvoicePdfOnThread } from './invoice-rendering';

export type TGetCommissionInvoicePdfOptions = TLoadCommissionInvoiceOptions;

/** The commission invoice, or its cancellation invoice, as a PDF. */
function renderCommissionPdf(invoice: TCommissionInvoice, isCancellation: boolean): Promise<Buffer> {
  return renderInvoicePdfOnThread(commissionInvoiceDocument(invoice, isCancellation), {
    isCommission: true,
    ...(isCancellation ? { cancels: invoice.number } : {}),
  });
}

/**
 * A commission invoice's PDF and its file name, for the members of the supplier it bills and the
 * operator (the buyer of the sale never sees the marketplace's commission invoice).
 */
export async function getCommissionInvoicePdf(
  options: TGetCommissionInvoicePdfOptions,
): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await loadReadableCommissionInvoice(options);
  return { fileName: `commission-invoice-${invoice.number}.pdf`, pdf: await renderCommissionPdf(invoice, false) };
}

/**
 * The cancellation invoice (Stornorechnung) of a cancelled commission invoice, as a PDF, for the
 * same readers; NOT_FOUND while the commission invoice is not cancelled.
 */
export async function getCommissionCancellationPdf(
  options: TGetCommissionInvoicePdfOptions,
): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await loadReadableCommissionInvoice(options);
  if (!invoice.cancellationNumber || !invoice.cancelledAt) {
    throw new AppError(ErrorCode.NOT_FOUND, `Commission invoice ${invoice.number} is not cancelled`);
  }
  return {
    fileName: `commission-cancellation-${invoice.cancellationNumber}.pdf`,
    pdf: await renderCommissionPdf(invoice, true),
  };
}
