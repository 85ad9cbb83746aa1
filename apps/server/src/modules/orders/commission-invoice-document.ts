import { ErrorCode, type TCommissionInvoice, type TSale } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { findCommissionInvoice } from './commission-invoices-repository';
import { assertMayReadCommissionInvoice } from './orders-policy';
import { presentCommissionInvoice } from './present-commission-invoice';

export type TLoadCommissionInvoiceOptions = {
  db: TDb;
  user: TAuthUser;
  /** Whether the user holds the operator role, who reads every commission invoice. */
  isOperator: boolean;
  commissionInvoiceId: string;
};

/** A commission invoice for the members of the supplier it bills and the operator; NOT_FOUND or FORBIDDEN else. */
export async function loadReadableCommissionInvoice(
  options: TLoadCommissionInvoiceOptions,
): Promise<TCommissionInvoice> {
  const row = await findCommissionInvoice(options.db, options.commissionInvoiceId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `There is no commission invoice ${options.commissionInvoiceId}`);
  await assertMayReadCommissionInvoice(options.db, options.user, {
    id: row.id,
    supplierId: row.supplier_id,
    isOperator: options.isOperator,
  });
  return presentCommissionInvoice(row);
}

/**
 * The commission invoice, or its cancellation invoice (amounts negated, its own number and date), as
 * the invoice document the PDF and the e-invoices are made from: the marketplace sells, the supplier
 * buys, and one line bills the commission on the sale's invoice, whose number is the buyer's reference.
 */
export function commissionInvoiceDocument(
  invoice: TCommissionInvoice,
  isCancellation = false,
): Omit<TSale, 'commissionInvoice'> {
  // Written the German way, as the rest of the invoice: 7.5 % is '7,5 %'.
  const percent = `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(invoice.commissionRate * 100)} %`;
  const sign = isCancellation ? -1 : 1;
  const date = isCancellation ? invoice.cancelledAt! : invoice.issuedAt;
  return {
    ...invoice,
    number: isCancellation ? invoice.cancellationNumber! : invoice.number,
    issuedAt: date,
    dueAt: isCancellation ? date : invoice.dueAt,
    net: sign * invoice.net,
    vat: sign * invoice.vat,
    gross: sign * invoice.gross,
    // What the supplier knows the commission by: the number of its own invoice to the buyer.
    orderId: invoice.invoiceNumber,
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
  };
}
