import {
  CURRENCY,
  commissionCancellationPdfPath,
  commissionInvoiceFacturXPath,
  commissionInvoicePdfPath,
  commissionInvoiceXmlPath,
  type TCommissionInvoice,
  type TInvoiceParty,
  ZInvoiceParty,
} from '@dsm/contracts';
import type { TCommissionInvoiceWithSale } from './commission-invoices-repository';

const partyOf = (value: unknown): TInvoiceParty | null => (value ? ZInvoiceParty.parse(value) : null);
const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * The fields of a commission invoice that leave the server. `isSupplierView` false (the operator's
 * list) leaves out the id of the supplier's invoice to its buyer: the operator knows the sale by
 * its number, and its id opens nothing the operator may read.
 */
export function presentCommissionInvoice(row: TCommissionInvoiceWithSale, isSupplierView = true): TCommissionInvoice {
  const buyerParty = partyOf(row.buyer_party);
  return {
    id: row.id,
    number: row.number,
    invoiceId: isSupplierView ? row.invoice_id : null,
    invoiceNumber: row.sale_number,
    supplierId: row.supplier_id,
    issuedAt: row.issued_at.toISOString(),
    dueAt: row.due_at.toISOString(),
    currency: CURRENCY,
    commissionRate: Number(row.commission_rate),
    net: Number(row.net),
    vatRate: Number(row.vat_rate),
    vat: Number(row.vat),
    gross: Number(row.gross),
    isReverseCharge: row.is_reverse_charge,
    isNotTaxable: row.is_not_taxable,
    state: row.state,
    paidAt: iso(row.paid_at),
    cancelledAt: iso(row.cancelled_at),
    cancellationNumber: row.cancellation_number,
    seller: partyOf(row.seller_party)!,
    buyerParty,
    pdfPath: commissionInvoicePdfPath(row.id),
    xmlPath: buyerParty ? commissionInvoiceXmlPath(row.id) : null,
    facturXPath: buyerParty ? commissionInvoiceFacturXPath(row.id) : null,
    cancellationPdfPath: row.cancellation_number ? commissionCancellationPdfPath(row.id) : null,
  };
}
