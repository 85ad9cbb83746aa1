import { z } from 'zod';
import { MAX_ORDER_ITEMS } from './cart';
import { PAYMENT_MODELS } from './catalogue';
import { endpointGroup } from './endpoint';
import { ZIdParams } from './id-params';
import { ZOfferId } from './metadata';
import { ZOrganisation } from './own-organisation';
import { PAGE_FIELDS, zPageQuery } from './paging';
import { ZEntitlementUsage } from './pricing';

const ordersApi = endpointGroup('orders');

/**
 * Orders, invoices, sales and the cart's price check. The marketplace is a broker: the contract is
 * between supplier and buyer, so every order yields one invoice per supplier (the first dataset's
 * publisher of each offer), issued through the marketplace with its commission shown.
 */

/** Days a buyer has to pay before the order is cancelled automatically (the terms' payment window). */
export const PAYMENT_WINDOW_DAYS = 30;

/** Days after the invoice date an invoice falls due (the terms: due 30 days after receipt). */
export const INVOICE_DUE_DAYS = 30;

/** The one currency of prices, totals and invoices. */
export const CURRENCY = 'EUR';

/**
 * Where an order stands. `placed`: stored, the payment step not done yet; `invoiced`: its invoices
 * are issued and wait for payment; `paid`: every invoice that was not cancelled is paid;
 * `cancelled`: nothing was paid within the payment window.
 */
export const ORDER_STATES = ['placed', 'invoiced', 'paid', 'cancelled'] as const;
export const ZOrderState = z.enum(ORDER_STATES);
export type TOrderState = z.infer<typeof ZOrderState>;

/** Where an invoice stands: `open` until the supplier marks it paid, or cancelled with its order. */
export const INVOICE_STATES = ['open', 'paid', 'cancelled'] as const;
export const ZInvoiceState = z.enum(INVOICE_STATES);
export type TInvoiceState = z.infer<typeof ZInvoiceState>;

/** How an order is paid. Only the invoice (bank transfer) is built in; a card provider would add its name. */
export const PAYMENT_METHODS = ['INVOICE'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/** Euros with two decimals, as a number (12.5 is 12.50 €). */
const ZEuros = z.number();

/**
 * One item of a payment order. Any other field (a price, say) is dropped: prices always come from
 * the catalogue, never from the request.
 */
export const ZPurchasedItem = z.object({
  /** The offer's '@id'. */
  productId: ZOfferId,
  /** The offer's first dataset's publisher '@id'. */
  providerId: z.string().trim().min(1).max(500),
});
export type TPurchasedItem = z.infer<typeof ZPurchasedItem>;

/** Body of `POST /idp-service/payment`, the specification's payment order. */
export const ZPaymentRequest = z.object({
  /** The buyer: must be the signed-in user's id (the token's subject). */
  consumerId: z.string().trim().min(1).max(255),
  purchasedItems: z.array(ZPurchasedItem).min(1, 'purchasedItems must not be empty').max(MAX_ORDER_ITEMS),
});
export type TPaymentRequest = z.infer<typeof ZPaymentRequest>;

/**
 * Headers of `POST /idp-service/payment`. A retry with the same `Idempotency-Key` (by the same user
 * and with the same body) answers the first order instead of placing a second one.
 */
export const ZPaymentHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});
export type TPaymentHeaders = z.infer<typeof ZPaymentHeaders>;

/** One line of an order, with the payment model and price at the time of the order. */
export const ZOrderItem = z.object({
  productId: z.string(),
  providerId: z.string(),
  /** The supplier's name as the catalogue had it when the order was placed. */
  providerName: z.string(),
  title: z.string(),
  paymentModel: z.enum(PAYMENT_MODELS),
  /**
   * Net price in euros: at checkout, for one unit of the payment model (a download, a month, a
   * megabyte); on a renewal or usage line, the line's net amount (quantity × unitPrice, rounded once).
   */
  price: ZEuros,
  /** A renewal or usage line's quantity: months, downloads or MB with three decimals. */
  quantity: z.number().optional(),
  /** A renewal or usage line's net unit price in euros. */
  unitPrice: ZEuros.optional(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

/**
 * A party of an invoice as it was when the invoice was issued (§14 UStG: full name and address, the
 * seller's VAT ID). The buyer's bank account is never copied: it stays empty there.
 */
export const ZInvoiceParty = ZOrganisation.omit({ id: true, updatedAt: true }).extend({
  /** Empty when not given; invoices issued before organisations had a telephone have none. */
  contactPhone: z.string().default(''),
});
export type TInvoiceParty = z.infer<typeof ZInvoiceParty>;

/** The legal note of a reverse-charge invoice (§14a Abs. 5 UStG, Art. 226 No. 11a VAT Directive). */
export const REVERSE_CHARGE_NOTE = 'Steuerschuldnerschaft des Leistungsempfängers / reverse charge';

/** The legal note of a service to a business outside the EU (place of supply abroad, §3a Abs. 2 UStG). */
export const NOT_TAXABLE_NOTE = 'Nicht im Inland steuerbare Leistung (§ 3a Abs. 2 UStG) / Not taxable in Germany';

/** An invoice of one supplier for its part of one order. */
export const ZInvoice = z.object({
  id: z.string(),
  /** Sequential per issuer (the selling organisation) and year without gaps, `2025-000042`. */
  number: z.string(),
  orderId: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  /** ISO 8601 times. */
  issuedAt: z.string(),
  dueAt: z.string(),
  currency: z.literal(CURRENCY),
  net: ZEuros,
  /** 0.19 for 19 %. */
  vatRate: z.number(),
  vat: ZEuros,
  gross: ZEuros,
  /** The marketplace's share of the net amount, as a fraction (0.1 for 10 %) and in euros. */
  commissionRate: z.number(),
  commission: ZEuros,
  state: ZInvoiceState,
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The selling organisation at issue; null for a publisher no organisation on the marketplace sells for. */
  seller: ZInvoiceParty.nullable(),
  /** The buyer's organisation at issue; null on invoices issued before organisations existed. */
  buyerParty: ZInvoiceParty.nullable(),
  /** The service period (ISO 8601): for a one-time purchase both are the delivery date. */
  serviceFrom: z.string(),
  serviceTo: z.string(),
  /** An EU business buyer outside Germany with a VAT ID: 0 % VAT, the buyer owes it (REVERSE_CHARGE_NOTE). */
  isReverseCharge: z.boolean(),
  /** A business buyer outside the EU: 0 % VAT, the service is not taxable in Germany (NOT_TAXABLE_NOTE). */
  isNotTaxable: z.boolean(),
  /** Where the PDF is downloaded from (with the bearer token). */
  pdfPath: z.string(),
  /** Where the XRechnung (EN 16931, UBL) e-invoice is downloaded from; null when it names no selling organisation. */
  xmlPath: z.string().nullable(),
  /**
   * Where the Factur-X/ZUGFeRD invoice is downloaded from: the PDF as PDF/A-3 with the EN 16931 CII
   * XML embedded as `factur-x.xml`; null when it names no selling organisation.
   */
  facturXPath: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** An order as its buyer sees it. Totals are the sums of its invoices. */
export const ZOrder = z.object({
  id: z.string(),
  consumerId: z.string(),
  state: ZOrderState,
  paymentMethod: ZPaymentMethod,
  currency: z.literal(CURRENCY),
  createdAt: z.string(),
  /** The end of the payment window: unpaid invoices are cancelled then. */
  payBy: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  items: z.array(ZOrderItem),
  net: ZEuros,
  vat: ZEuros,
  gross: ZEuros,
  invoices: z.array(ZInvoice),
});
export type TOrder = z.infer<typeof ZOrder>;

/** Query string of the paged lists (`GET /api/orders`, `GET /api/sales`). */
export const ZOrderListQuerystring = zPageQuery(100_000);
export type TOrderListQuerystring = z.infer<typeof ZOrderListQuerystring>;

/** `GET /api/orders`: the signed-in buyer's orders, newest first. */
export const ZOrderListResponse = z.object({ ...PAGE_FIELDS, data: z.array(ZOrder) });
export type TOrderListResponse = z.infer<typeof ZOrderListResponse>;

export { type TIdParams, ZIdParams } from './id-params';

/** Where a commission invoice stands: `open`, `paid` (recorded by the operator), or `cancelled` with its sale. */
export const COMMISSION_INVOICE_STATES = ['open', 'paid', 'cancelled'] as const;

/**
 * The marketplace's invoice of its commission on one supplier invoice (at checkout, renewal or
 * monthly usage), billed to the supplier: one per supplier invoice with a commission above zero,
 * issued with it, numbered in the marketplace's own range (`PROV-2026-000001`). When the sale is
 * cancelled, a cancellation invoice (Stornorechnung) with its own number in that range cancels it.
 */
export const ZCommissionInvoice = z.object({
  id: z.string(),
  number: z.string(),
  /**
   * The supplier invoice whose commission it bills, and that invoice's number. The id is the sale's,
   * shown to the supplier's members only (null in the operator's list, which names the number).
   */
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string(),
  supplierId: z.string(),
  issuedAt: z.string(),
  dueAt: z.string(),
  currency: z.literal(CURRENCY),
  /** The commission rate applied to the sale's net amount (0.1 for 10 %). */
  commissionRate: z.number(),
  net: ZEuros,
  vatRate: z.number(),
  vat: ZEuros,
  gross: ZEuros,
  isReverseCharge: z.boolean(),
  /** A supplier outside the EU: 0 %, not taxable in Germany (NOT_TAXABLE_NOTE). */
  isNotTaxable: z.boolean(),
  /** `open` until the operator records its payment; `cancelled` when the sale it bills was cancelled. */
  state: z.enum(COMMISSION_INVOICE_STATES),
  /** ISO 8601; when the operator recorded the payment (a paid invoice may still be cancelled later). */
  paidAt: z.string().nullable(),
  /** ISO 8601; the date of the cancellation invoice. */
  cancelledAt: z.string().nullable(),
  /** The cancellation invoice's number, in the marketplace's range; null until cancelled. */
  cancellationNumber: z.string().nullable(),
  /** The marketplace (seller) and the supplier's organisation (buyer) at issue. */
  seller: ZInvoiceParty,
  buyerParty: ZInvoiceParty.nullable(),
  /** Where the PDF is downloaded from (the supplier's members and the operator). */
  pdfPath: z.string(),
  /**
   * Where the same invoice is downloaded as XRechnung (UBL XML) and as Factur-X (PDF/A-3 with the CII
   * XML), for the same readers; null when the supplier had no organisation at issue (no buyer party).
   */
  xmlPath: z.string().nullable(),
  facturXPath: z.string().nullable(),
  /** Where the cancellation invoice's PDF is downloaded from; null until cancelled. */
  cancellationPdfPath: z.string().nullable(),
});
export type TCommissionInvoice = z.infer<typeof ZCommissionInvoice>;

/**
 * `GET /api/commission-invoices`: newest first; the operator sees every commission invoice and may
 * record payments, a supplier those billed to the publishers it sells for.
 */
export const ZCommissionInvoiceListResponse = z.object({
  ...PAGE_FIELDS,
  /** True for the operator: every supplier's invoices, with the mark-paid action. */
  isOperator: z.boolean(),
  data: z.array(ZCommissionInvoice),
});
export type TCommissionInvoiceListResponse = z.infer<typeof ZCommissionInvoiceListResponse>;

/** One invoice as its supplier sees it: with the sold items and the buyer. */
export const ZSale = ZInvoice.extend({
  items: z.array(ZOrderItem),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The marketplace's commission invoice for this sale; null when there is none (no commission). */
  commissionInvoice: ZCommissionInvoice.nullable(),
});
export type TSale = z.infer<typeof ZSale>;

/** A publisher agent the signed-in user sells for. */
export const ZSupplierAgent = z.object({ '@id': z.string(), name: z.string() });
export type TSupplierAgent = z.infer<typeof ZSupplierAgent>;

/** `GET /api/sales`: the invoices of the agents the signed-in user is a member of, newest first. */
export const ZSalesResponse = z.object({
  agents: z.array(ZSupplierAgent),
  ...PAGE_FIELDS,
  data: z.array(ZSale),
});
export type TSalesResponse = z.infer<typeof ZSalesResponse>;

/** Paths with their parameters filled in, for clients. */
export const orderPath = (id: string): string => `/api/orders/${encodeURIComponent(id)}`;
export const invoicePdfPath = (id: string): string => `/api/invoices/${encodeURIComponent(id)}/pdf`;
export const invoiceXmlPath = (id: string): string => `/api/invoices/${encodeURIComponent(id)}/xml`;
export const invoiceFacturXPath = (id: string): string => `/api/invoices/${encodeURIComponent(id)}/facturx`;
export const commissionInvoicePdfPath = (id: string): string =>
  `/api/commission-invoices/${encodeURIComponent(id)}/pdf`;
export const commissionInvoiceXmlPath = (id: string): string =>
  `/api/commission-invoices/${encodeURIComponent(id)}/xml`;
export const commissionInvoiceFacturXPath = (id: string): string =>
  `/api/commission-invoices/${encodeURIComponent(id)}/facturx`;
export const commissionCancellationPdfPath = (id: string): string =>
  `/api/commission-invoices/${encodeURIComponent(id)}/cancellation/pdf`;
export const markCommissionInvoicePaidPath = (id: string): string =>
  `/api/commission-invoices/${encodeURIComponent(id)}/paid`;
export const pagedPath = (path: string, index: number, pageSize: number): string =>
  `${path}?index=${index}&pageSize=${pageSize}`;

export const orderListEndpoint = ordersApi('GET /api/orders', {
  query: ZOrderListQuerystring,
  answer: ZOrderListResponse,
  summary: "The signed-in buyer's orders, newest first, with their invoices",
  errors: [400],
});

export const orderEndpoint = ordersApi('GET /api/orders/:id', {
  params: ZIdParams,
  answer: ZOrder,
  summary: 'One of the signed-in buyer’s orders',
  errors: [400, 401, 403, 404],
});

export const salesEndpoint = ordersApi('GET /api/sales', {
  query: ZOrderListQuerystring,
  answer: ZSalesResponse,
  summary: 'The invoices of the publishers the signed-in user sells for, newest first',
  errors: [400],
});

export const markInvoicePaidEndpoint = ordersApi('POST /api/invoices/:id/paid', {
  params: ZIdParams,
  answer: ZSale,
  summary: 'Record that an invoice was paid (its supplier only)',
  errors: [400, 401, 403, 404, 409],
});

export const commissionInvoiceListEndpoint = ordersApi('GET /api/commission-invoices', {
  query: ZOrderListQuerystring,
  answer: ZCommissionInvoiceListResponse,
  summary: "The marketplace's commission invoices, newest first",
  description:
    'The operator sees every commission invoice (and `isOperator` is true); anyone else those billed to the publishers they sell for.',
  errors: [400],
});

export const markCommissionInvoicePaidEndpoint = ordersApi('POST /api/commission-invoices/:id/paid', {
  params: ZIdParams,
  answer: ZCommissionInvoice,
  summary: 'Record that a supplier paid a commission invoice (the operator only)',
  description: 'Recording it again answers the same; 409 for a cancelled commission invoice.',
  errors: [400, 401, 403, 404, 409],
});

export const paymentEndpoint = ordersApi('POST /idp-service/payment', {
  headers: ZPaymentHeaders,
  body: ZPaymentRequest,
  answer: ZOrder,
  status: 201,
  alsoStatus: [200],
  summary: 'Place an order (the payment order of the cart)',
  description:
    "Checks every item (exists, is for sale, names the first dataset's publisher, does not repeat) and the sale rule of `GET /api/offers/{id}/sale-status` (409 OWN_OFFER, SELLER_INCOMPLETE, OFFER_ALREADY_YOURS naming the items; an offer the buyer holds is refused also when checkouts race), takes the prices from the catalogue, stores the order and issues one invoice per supplier, payable by bank transfer within 30 days. With an `Idempotency-Key` a retried request answers the first order (200) instead of placing another; the key with a different body is 409.",
  errors: [400, 401, 403, 404, 409, 429],
});

/** An invoice download: who may fetch it and what it is, as the API document shows it. */
type TInvoiceDownload = {
  path: `/${string}`;
  summary: string;
  description?: string;
  contentType: 'application/pdf' | 'application/xml';
  /** What the file is. */
  file: string;
  /** Whether the document cannot be made of some invoices (409). */
  hasConflict?: boolean;
};

/** Declares an invoice download: a file sent as an attachment, for the invoice named by `:id`. */
function invoiceDownloadEndpoint(download: TInvoiceDownload) {
  const isPdf = download.contentType === 'application/pdf';
  return ordersApi(`GET ${download.path}`, {
    params: ZIdParams,
    answer: z.any().meta({ type: 'string', ...(isPdf ? { format: 'binary' } : {}), description: download.file }),
    summary: download.summary,
    ...(download.description ? { description: download.description } : {}),
    produces: [download.contentType],
    errors: download.hasConflict ? [400, 401, 403, 404, 409] : [400, 401, 403, 404],
  });
}

/** The endpoint of an invoice download. */
export type TInvoiceDownloadEndpoint = ReturnType<typeof invoiceDownloadEndpoint>;

export const invoicePdfEndpoint = invoiceDownloadEndpoint({
  path: '/api/invoices/:id/pdf',
  summary: "An invoice as PDF (its buyer and its supplier's members only)",
  contentType: 'application/pdf',
  file: 'The invoice as PDF',
});
export const invoiceXmlEndpoint = invoiceDownloadEndpoint({
  path: '/api/invoices/:id/xml',
  summary: "An invoice as XRechnung e-invoice, EN 16931 UBL XML (its buyer and its supplier's members only)",
  description:
    'Made with e-invoice-eu from the same data as the PDF. 409 for an invoice that names no selling organisation (a publisher imported from another catalogue).',
  contentType: 'application/xml',
  file: 'The invoice as XRechnung UBL XML',
  hasConflict: true,
});
export const invoiceFacturXEndpoint = invoiceDownloadEndpoint({
  path: '/api/invoices/:id/facturx',
  summary:
    "An invoice as Factur-X/ZUGFeRD: PDF/A-3 with the EN 16931 CII XML embedded (its buyer and its supplier's members only)",
  description:
    'The invoice PDF, made PDF/A-3b by e-invoice-eu, with the XML attached as `factur-x.xml` (profile EN 16931, ZUGFeRD COMFORT). 409 for an invoice that names no selling or no buyer organisation.',
  contentType: 'application/pdf',
  file: 'The invoice as Factur-X PDF',
  hasConflict: true,
});
export const commissionInvoicePdfEndpoint = invoiceDownloadEndpoint({
  path: '/api/commission-invoices/:id/pdf',
  summary: "The marketplace's commission invoice for a sale, as PDF (the supplier's members and the operator only)",
  contentType: 'application/pdf',
  file: 'The commission invoice as PDF',
});
export const commissionInvoiceXmlEndpoint = invoiceDownloadEndpoint({
  path: '/api/commission-invoices/:id/xml',
  summary:
    "The marketplace's commission invoice as XRechnung e-invoice, EN 16931 UBL XML (the supplier's members and the operator only)",
  description:
    "The marketplace sells, the supplier's organisation buys; the sale's invoice number is the buyer's reference (BT-10). 409 for a commission invoice that names no buyer organisation.",
  contentType: 'application/xml',
  file: 'The commission invoice as XRechnung UBL XML',
  hasConflict: true,
});
export const commissionInvoiceFacturXEndpoint = invoiceDownloadEndpoint({
  path: '/api/commission-invoices/:id/facturx',
  summary:
    "The marketplace's commission invoice as Factur-X/ZUGFeRD: PDF/A-3 with the EN 16931 CII XML embedded (the supplier's members and the operator only)",
  description: '409 for a commission invoice that names no buyer organisation.',
  contentType: 'application/pdf',
  file: 'The commission invoice as Factur-X PDF',
  hasConflict: true,
});
export const commissionCancellationPdfEndpoint = invoiceDownloadEndpoint({
  path: '/api/commission-invoices/:id/cancellation/pdf',
  summary:
    "The cancellation invoice (Stornorechnung) of a cancelled commission invoice, as PDF (the supplier's members and the operator only)",
  description:
    "Its own number in the marketplace's range, the amounts of the commission invoice negated, and the number it cancels. 404 while the commission invoice is not cancelled.",
  contentType: 'application/pdf',
  file: 'The cancellation invoice as PDF',
});

export const cancelSubscriptionEndpoint = ordersApi('POST /api/subscriptions/:id/cancel', {
  params: ZIdParams,
  answer: ZEntitlementUsage,
  summary: 'Cancel a subscription (its buyer only): access runs to the end of the paid period',
  description:
    "The id is the subscription's entitlement (`entitlementId` of `GET /api/acquisitions/usage`). Cancelling again answers the same; 409 when it already ended, 400 for an offer that is no subscription.",
  errors: [400, 401, 403, 404, 409],
});
