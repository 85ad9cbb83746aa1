import {
  CURRENCY,
  invoiceFacturXPath,
  invoicePdfPath,
  invoiceXmlPath,
  type TCommissionInvoice,
  type TInvoice,
  type TInvoiceParty,
  type TOrder,
  type TOrderItem,
  type TPaymentMethod,
  type TPaymentModel,
  type TSale,
  toCents,
  toEuros,
  ZInvoiceParty,
} from '@dsm/contracts';
import type { TInvoiceRow, TOrderItemRow, TOrderRow } from './orders-repository';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** A party copied into an invoice at issue, read back from its JSON column. */
const partyOf = (value: unknown): TInvoiceParty | null => (value ? ZInvoiceParty.parse(value) : null);

/** The fields of an order line that leave the server. */
export function presentOrderItem(row: TOrderItemRow): TOrderItem {
  return {
    productId: row.offer_id,
    providerId: row.provider_id,
    providerName: row.provider_name,
    title: row.title,
    paymentModel: row.payment_model as TPaymentModel,
    price: Number(row.price),
    ...(row.quantity === null ? {} : { quantity: Number(row.quantity) }),
    ...(row.unit_price === null ? {} : { unitPrice: Number(row.unit_price) }),
  };
}

/** The fields of an invoice that leave the server. */
export function presentInvoice(row: TInvoiceRow): TInvoice {
  return {
    id: row.id,
    number: row.number,
    orderId: row.order_id,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    issuedAt: row.issued_at.toISOString(),
    dueAt: row.due_at.toISOString(),
    currency: CURRENCY,
    net: Number(row.net),
    vatRate: Number(row.vat_rate),
    vat: Number(row.vat),
    gross: Number(row.gross),
    commissionRate: Number(row.commission_rate),
    commission: Number(row.commission),
    state: row.state,
    paidAt: iso(row.paid_at),
    cancelledAt: iso(row.cancelled_at),
    seller: partyOf(row.seller_party),
    buyerParty: partyOf(row.buyer_party),
    // Invoices issued before service periods were recorded were one-time deliveries on their date.
    serviceFrom: (row.service_from ?? row.issued_at).toISOString(),
    serviceTo: (row.service_to ?? row.issued_at).toISOString(),
    isReverseCharge: row.is_reverse_charge,
    isNotTaxable: row.is_not_taxable,
    pdfPath: invoicePdfPath(row.id),
    xmlPath: row.seller_party && row.buyer_party ? invoiceXmlPath(row.id) : null,
    facturXPath: row.seller_party && row.buyer_party ? invoiceFacturXPath(row.id) : null,
  };
}

/** An order with its lines and invoices; the totals are the sums of the invoices. */
export function presentOrder(
  order: TOrderRow,
  items: readonly TOrderItemRow[],
  invoices: readonly TInvoiceRow[],
): TOrder {
  const sum = (pick: (row: TInvoiceRow) => string) =>
    toEuros(invoices.reduce((total, row) => total + toCents(Number(pick(row))), 0));
  return {
    id: order.id,
    consumerId: order.consumer_id,
    state: order.state,
    paymentMethod: order.payment_method as TPaymentMethod,
    currency: CURRENCY,
    createdAt: order.created_at.toISOString(),
    payBy: order.pay_by.toISOString(),
    paidAt: iso(order.paid_at),
    cancelledAt: iso(order.cancelled_at),
    items: [...items].sort((a, b) => a.position - b.position).map(presentOrderItem),
    net: sum((row) => row.net),
    vat: sum((row) => row.vat),
    gross: sum((row) => row.gross),
    invoices: invoices.map(presentInvoice),
  };
}

/**
 * An invoice as its supplier sees it, with the items it bills, the buyer and the marketplace's
 * commission invoice for it (null when there is none).
 */
export function presentSale(
  invoice: TInvoiceRow,
  items: readonly TOrderItemRow[],
  order: TOrderRow,
  commissionInvoice: TCommissionInvoice | null,
): TSale {
  return {
    ...presentInvoice(invoice),
    items: [...items].sort((a, b) => a.position - b.position).map(presentOrderItem),
    buyer: { id: order.consumer_id, name: order.consumer_name, email: order.consumer_email },
    commissionInvoice,
  };
}
