import { ErrorCode, type TCommissionInvoice } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { findCommissionInvoice } from './commission-invoices-repository';
import { assertMayReadCommissionInvoice } from './orders-policy';
import { presentCommissionInvoice } from './present-commission-invoice';
import { renderInvoicePdf } from './render-invoice-pdf';

export type TGetCommissionInvoicePdfOptions = {
  db: TDb;
  user: TAuthUser;
  /** Whether the user holds the operator role, who reads every commission invoice. */
  isOperator: boolean;
  commissionInvoiceId: string;
};

async function loadReadable(options: TGetCommissionInvoicePdfOptions): Promise<TCommissionInvoice> {
  const row = await findCommissionInvoice(options.db, options.commissionInvoiceId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `There is no commission invoice ${options.commissionInvoiceId}`);
  await assertMayReadCommissionInvoice(options.db, options.user, {
    id: row.id,
    supplierId: row.supplier_id,
    isOperator: options.isOperator,
  });
  return presentCommissionInvoice(row);
}

/** The commission invoice, or its cancellation invoice (amounts negated, its own number and date), as a PDF. */
function renderCommissionPdf(invoice: TCommissionInvoice, isCancellation: boolean): Promise<Buffer> {
  const percent = `${Number((invoice.commissionRate * 100).toFixed(2))} %`;
  const sign = isCancellation ? -1 : 1;
  const date = isCancellation ? invoice.cancelledAt! : invoice.issuedAt;
  return renderInvoicePdf(
    {
      ...invoice,
      number: isCancellation ? invoice.cancellationNumber! : invoice.number,
      issuedAt: date,
      dueAt: isCancellation ? date : invoice.dueAt,
      net: sign * invoice.net,
      vat: sign * invoice.vat,
      gross: sign * invoice.gross,
      orderId: '',
      supplierName: invoice.seller.legalName,
      commissionRate: 0,
      commission: 0,
      // The cancellation invoice is a document of its own: neither paid nor cancelled.
      state: isCancellation ? 'open' : invoice.state,
      paidAt: isCancellation ? null : invoice.paidAt,
      cancelledAt: isCancellation ? null : invoice.cancelledAt,
      // The commission is earned with the sale: the service date is the commission invoice's date.
      serviceFrom: invoice.issuedAt,
      serviceTo: invoice.issuedAt,
      xmlPath: null,
      facturXPath: null,
      items: [
        {
          productId: '',
          providerId: '',
          providerName: '',
          title: `Provision ${percent} auf Rechnung ${invoice.invoiceNumber} / Commission ${percent} on invoice ${invoice.invoiceNumber}`,
          paymentModel: 'PAY_PER_USE_DOWNLOAD',
          price: sign * invoice.net,
        },
      ],
      buyer: { id: invoice.supplierId, name: invoice.buyerParty?.legalName ?? invoice.supplierId, email: '' },
    },
    { isCommission: true, ...(isCancellation ? { cancels: invoice.number } : {}) },
  );
}

/**
 * A commission invoice's PDF and its file name, for the members of the supplier it bills and the
 * operator (the buyer of the sale never sees the marketplace's commission invoice).
 */
export async function getCommissionInvoicePdf(
  options: TGetCommissionInvoicePdfOptions,
): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await loadReadable(options);
  return { fileName: `commission-invoice-${invoice.number}.pdf`, pdf: await renderCommissionPdf(invoice, false) };
}

/**
 * The cancellation invoice (Stornorechnung) of a cancelled commission invoice, as a PDF, for the
 * same readers; NOT_FOUND while the commission invoice is not cancelled.
 */
export async function getCommissionCancellationPdf(
  options: TGetCommissionInvoicePdfOptions,
): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await loadReadable(options);
  if (!invoice.cancellationNumber || !invoice.cancelledAt) {
    throw new AppError(ErrorCode.NOT_FOUND, `Commission invoice ${invoice.number} is not cancelled`);
  }
  return {
    fileName: `commission-cancellation-${invoice.cancellationNumber}.pdf`,
    pdf: await renderCommissionPdf(invoice, true),
  };
}
