import { ErrorCode, type TCommissionInvoice } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import { commissionInvoiceDocument } from './commission-invoice-document';
import type { TEInvoiceSale } from './render-e-invoice';

/**
 * A commission invoice as the data of its e-invoices: the marketplace as seller, the supplier's
 * organisation as buyer. One issued to a supplier without an organisation names no buyer, so it has
 * no e-invoice: CONFLICT (its PDF is the invoice).
 */
export function commissionEInvoiceSale(invoice: TCommissionInvoice): TEInvoiceSale {
  const { buyerParty } = invoice;
  if (!buyerParty) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Commission invoice ${invoice.number} names no buyer organisation, so there is no e-invoice of it; the PDF is the invoice`,
    );
  }
  return { ...commissionInvoiceDocument(invoice), seller: invoice.seller, buyerParty };
}
