import {
  acquisitionUsageEndpoint,
  cancelSubscriptionEndpoint,
  commissionCancellationPdfEndpoint,
  commissionInvoiceFacturXEndpoint,
  commissionInvoiceListEndpoint,
  commissionInvoicePdfEndpoint,
  commissionInvoiceXmlEndpoint,
  invoiceFacturXEndpoint,
  invoicePdfEndpoint,
  invoiceXmlEndpoint,
  markCommissionInvoicePaidEndpoint,
  markInvoicePaidEndpoint,
  offerSaleStatusEndpoint,
  orderEndpoint,
  orderListEndpoint,
  paymentEndpoint,
  salesEndpoint,
  salesUsageEndpoint,
  type TIdParams,
  ZAcquisitionUsageResponse,
  ZCommissionInvoice,
  ZCommissionInvoiceListResponse,
  ZEntitlementUsage,
  ZErrorResponse,
  ZIdParams,
  ZOfferSaleStatus,
  ZOrder,
  ZOrderListQuerystring,
  ZOrderListResponse,
  ZPaymentHeaders,
  ZPaymentRequest,
  ZSale,
  ZSalesResponse,
  ZSalesUsageResponse,
} from '@dsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAuthUser } from '../auth/verify-access-token';
import { cancelSubscription } from './cancel-subscription';
import { getCommissionInvoiceFacturX } from './get-commission-invoice-factur-x';
import { getCommissionCancellationPdf, getCommissionInvoicePdf } from './get-commission-invoice-pdf';
import { getCommissionInvoiceXml } from './get-commission-invoice-xml';
import { getInvoiceFacturX } from './get-invoice-factur-x';
import { getInvoicePdf } from './get-invoice-pdf';
import { getInvoiceXml } from './get-invoice-xml';
import { getOfferSaleStatus } from './get-offer-sale-status';
import { getOrderById } from './get-order';
import { listAcquisitionUsage } from './list-acquisition-usage';
import { listCommissionInvoices } from './list-commission-invoices';
import { listOrders } from './list-orders';
import { listSales } from './list-sales';
import { listSalesUsage } from './list-sales-usage';
import { markCommissionInvoicePaid } from './mark-commission-invoice-paid';
import { markInvoicePaid } from './mark-invoice-paid';
import { assertIsConsumer, assertMayReadOrder, isOperator } from './orders-policy';
import { placeOrder } from './place-order';

const ERRORS = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** A document made for the caller: its file name and content. */
type TDownload = { fileName: string; pdf: Buffer } | { fileName: string; xml: string };

/** One invoice download: guarded and loaded by `load`, sent as an attachment nobody caches. */
type TDownloadRoute = {
  endpoint: { method: 'GET'; path: string };
  summary: string;
  description?: string;
  contentType: 'application/pdf' | 'application/xml';
  /** What the 200 body is, for the OpenAPI document. */
  body: string;
  /** Whether the route answers 409 (a document that cannot be made of this invoice). */
  hasConflict?: boolean;
  load: (request: { params: TIdParams; user: TAuthUser }) => Promise<TDownload>;
};

function addDownloadRoute(app: FastifyInstance, download: TDownloadRoute): void {
  const isPdf = download.contentType === 'application/pdf';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: download.endpoint.method,
    url: download.endpoint.path,
    schema: {
      tags: ['orders'],
      summary: download.summary,
      ...(download.description ? { description: download.description } : {}),
      params: ZIdParams,
      produces: [download.contentType],
      response: {
        200: z.any().meta({ type: 'string', ...(isPdf ? { format: 'binary' } : {}), description: download.body }),
        ...ERRORS,
        ...(download.hasConflict ? { 409: ZErrorResponse } : {}),
      },
    },
    handler: async (request, reply) => {
      const file = await download.load(request);
      return reply
        .type(isPdf ? 'application/pdf' : 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send('pdf' in file ? file.pdf : file.xml);
    },
  });
}

/** Checkout, the buyer's orders, the supplier's sales and the invoices. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: paymentEndpoint.method,
    url: paymentEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: 'Place an order (the payment order of the cart)',
      description:
        "Checks every item (exists, is for sale, names the first dataset's publisher, does not repeat) and the sale rule of `GET /api/offers/{id}/sale-status` (409 OWN_OFFER, SELLER_INCOMPLETE, OFFER_ALREADY_YOURS naming the items; an offer the buyer holds is refused also when checkouts race), takes the prices from the catalogue, stores the order and issues one invoice per supplier, payable by bank transfer within 30 days. With an `Idempotency-Key` a retried request answers the first order (200) instead of placing another; the key with a different body is 409.",
      headers: ZPaymentHeaders,
      body: ZPaymentRequest,
      response: { 200: ZOrder, 201: ZOrder, ...ERRORS, 409: ZErrorResponse, 429: ZErrorResponse },
    },
    preHandler: app.rateLimits.orders,
    handler: async (request, reply) => {
      assertIsConsumer(request.user, request.body.consumerId);
      const placed = await placeOrder({
        db: app.database.db,
        user: request.user,
        request: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        commissionRate: app.config.commissionRate,
        marketplace: app.config.marketplaceParty,
      });
      if (placed.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(placed.isReplay ? 200 : 201).send(placed.order);
    },
  });

  app.route({
    method: offerSaleStatusEndpoint.method,
    url: offerSaleStatusEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: 'Whether the signed-in user may order an offer, and why not',
      description:
        "The rule checkout applies: `NOT_SOLD` (its supplier does not sell it), `FREE_FROM_SOURCE` (free from another portal: nothing to order), `OWN_OFFER` (the user's organisation sells it), `ALREADY_YOURS` (the user holds it: a purchase not ended, a running subscription, a free acquisition), `SELLER_INCOMPLETE` (a paid offer no organisation with a complete invoice profile sells). See docs/pricing.md.",
      params: ZIdParams,
      response: { 200: ZOfferSaleStatus, ...ERRORS },
    },
    handler: async (request) =>
      getOfferSaleStatus({ db: app.database.db, userId: request.user.id, offerId: request.params.id }),
  });

  app.route({
    method: orderListEndpoint.method,
    url: orderListEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: "The signed-in buyer's orders, newest first, with their invoices",
      querystring: ZOrderListQuerystring,
      response: { 200: ZOrderListResponse, 400: ZErrorResponse },
    },
    handler: async (request) => listOrders({ db: app.database.db, consumerId: request.user.id, ...request.query }),
  });

  app.route({
    method: orderEndpoint.method,
    url: orderEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: 'One of the signed-in buyer’s orders',
      params: ZIdParams,
      response: { 200: ZOrder, ...ERRORS },
    },
    handler: async (request) => {
      const order = await getOrderById(app.database.db, request.params.id);
      assertMayReadOrder(request.user, order);
      return order;
    },
  });

  app.route({
    method: salesEndpoint.method,
    url: salesEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: 'The invoices of the publishers the signed-in user sells for, newest first',
      querystring: ZOrderListQuerystring,
      response: { 200: ZSalesResponse, 400: ZErrorResponse },
    },
    handler: async (request) => listSales({ db: app.database.db, userId: request.user.id, ...request.query }),
  });

  app.route({
    method: salesUsageEndpoint.method,
    url: salesUsageEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: "This month's usage of the offers the signed-in user sells",
      description:
        'Per offer sold at checkout by a publisher the user is a member of: buyers with access this calendar month (Europe/Berlin), requests, successful downloads and bytes delivered.',
      response: { 200: ZSalesUsageResponse },
    },
    handler: async (request) => listSalesUsage({ db: app.database.db, userId: request.user.id }),
  });

  app.route({
    method: acquisitionUsageEndpoint.method,
    url: acquisitionUsageEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: "The signed-in buyer's entitlements with this month's usage and cost so far",
      description:
        'Per entitlement: requests, successful downloads and bytes this calendar month (Europe/Berlin), the metered quantity (downloads, or MB of 10^6 bytes with three decimals) and its net cost so far; for a subscription its monthly price, the end of the paid period and whether it can be cancelled.',
      response: { 200: ZAcquisitionUsageResponse },
    },
    handler: async (request) => listAcquisitionUsage({ db: app.database.db, userId: request.user.id }),
  });

  app.route({
    method: cancelSubscriptionEndpoint.method,
    url: cancelSubscriptionEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: 'Cancel a subscription (its buyer only): access runs to the end of the paid period',
      description:
        "The id is the subscription's entitlement (`entitlementId` of `GET /api/acquisitions/usage`). Cancelling again answers the same; 409 when it already ended, 400 for an offer that is no subscription.",
      params: ZIdParams,
      response: { 200: ZEntitlementUsage, ...ERRORS, 409: ZErrorResponse },
    },
    handler: async (request) =>
      cancelSubscription({ db: app.database.db, user: request.user, entitlementId: request.params.id }),
  });

  app.route({
    method: markInvoicePaidEndpoint.method,
    url: markInvoicePaidEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: 'Record that an invoice was paid (its supplier only)',
      params: ZIdParams,
      response: { 200: ZSale, ...ERRORS, 409: ZErrorResponse },
    },
    handler: async (request) =>
      markInvoicePaid({ db: app.database.db, user: request.user, invoiceId: request.params.id }),
  });

  const invoiceDownloads: TDownloadRoute[] = [
    {
      endpoint: invoicePdfEndpoint,
      summary: "An invoice as PDF (its buyer and its supplier's members only)",
      contentType: 'application/pdf',
      body: 'The invoice as PDF',
      load: (request) => getInvoicePdf({ db: app.database.db, user: request.user, invoiceId: request.params.id }),
    },
    {
      endpoint: invoiceXmlEndpoint,
      summary: "An invoice as XRechnung e-invoice, EN 16931 UBL XML (its buyer and its supplier's members only)",
      description:
        'Made with e-invoice-eu from the same data as the PDF. 409 for an invoice that names no selling organisation (a publisher imported from another catalogue).',
      contentType: 'application/xml',
      body: 'The invoice as XRechnung UBL XML',
      hasConflict: true,
      load: (request) => getInvoiceXml({ db: app.database.db, user: request.user, invoiceId: request.params.id }),
    },
    {
      endpoint: invoiceFacturXEndpoint,
      summary:
        "An invoice as Factur-X/ZUGFeRD: PDF/A-3 with the EN 16931 CII XML embedded (its buyer and its supplier's members only)",
      description:
        'The invoice PDF, made PDF/A-3b by e-invoice-eu, with the XML attached as `factur-x.xml` (profile EN 16931, ZUGFeRD COMFORT). 409 for an invoice that names no selling or no buyer organisation.',
      contentType: 'application/pdf',
      body: 'The invoice as Factur-X PDF',
      hasConflict: true,
      load: (request) => getInvoiceFacturX({ db: app.database.db, user: request.user, invoiceId: request.params.id }),
    },
    {
      endpoint: commissionInvoicePdfEndpoint,
      summary: "The marketplace's commission invoice for a sale, as PDF (the supplier's members and the operator only)",
      contentType: 'application/pdf',
      body: 'The commission invoice as PDF',
      load: (request) =>
        getCommissionInvoicePdf({
          db: app.database.db,
          user: request.user,
          isOperator: isOperator(request.user, app.config.productId),
          commissionInvoiceId: request.params.id,
        }),
    },
    {
      endpoint: commissionInvoiceXmlEndpoint,
      summary:
        "The marketplace's commission invoice as XRechnung e-invoice, EN 16931 UBL XML (the supplier's members and the operator only)",
      description:
        "The marketplace sells, the supplier's organisation buys; the sale's invoice number is the buyer's reference (BT-10). 409 for a commission invoice that names no buyer organisation.",
      contentType: 'application/xml',
      body: 'The commission invoice as XRechnung UBL XML',
      hasConflict: true,
      load: (request) =>
        getCommissionInvoiceXml({
          db: app.database.db,
          user: request.user,
          isOperator: isOperator(request.user, app.config.productId),
          commissionInvoiceId: request.params.id,
        }),
    },
    {
      endpoint: commissionInvoiceFacturXEndpoint,
      summary:
        "The marketplace's commission invoice as Factur-X/ZUGFeRD: PDF/A-3 with the EN 16931 CII XML embedded (the supplier's members and the operator only)",
      description: '409 for a commission invoice that names no buyer organisation.',
      contentType: 'application/pdf',
      body: 'The commission invoice as Factur-X PDF',
      hasConflict: true,
      load: (request) =>
        getCommissionInvoiceFacturX({
          db: app.database.db,
          user: request.user,
          isOperator: isOperator(request.user, app.config.productId),
          commissionInvoiceId: request.params.id,
        }),
    },
    {
      endpoint: commissionCancellationPdfEndpoint,
      summary:
        "The cancellation invoice (Stornorechnung) of a cancelled commission invoice, as PDF (the supplier's members and the operator only)",
      description:
        "Its own number in the marketplace's range, the amounts of the commission invoice negated, and the number it cancels. 404 while the commission invoice is not cancelled.",
      contentType: 'application/pdf',
      body: 'The cancellation invoice as PDF',
      load: (request) =>
        getCommissionCancellationPdf({
          db: app.database.db,
          user: request.user,
          isOperator: isOperator(request.user, app.config.productId),
          commissionInvoiceId: request.params.id,
        }),
    },
  ];
  for (const download of invoiceDownloads) addDownloadRoute(app, download);

  app.route({
    method: commissionInvoiceListEndpoint.method,
    url: commissionInvoiceListEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: "The marketplace's commission invoices, newest first",
      description:
        'The operator sees every commission invoice (and `isOperator` is true); anyone else those billed to the publishers they sell for.',
      querystring: ZOrderListQuerystring,
      response: { 200: ZCommissionInvoiceListResponse, 400: ZErrorResponse },
    },
    handler: async (request) =>
      listCommissionInvoices({
        db: app.database.db,
        user: request.user,
        productId: app.config.productId,
        ...request.query,
      }),
  });

  app.route({
    method: markCommissionInvoicePaidEndpoint.method,
    url: markCommissionInvoicePaidEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: 'Record that a supplier paid a commission invoice (the operator only)',
      description: 'Recording it again answers the same; 409 for a cancelled commission invoice.',
      params: ZIdParams,
      response: { 200: ZCommissionInvoice, ...ERRORS, 409: ZErrorResponse },
    },
    handler: async (request) =>
      markCommissionInvoicePaid({
        db: app.database.db,
        user: request.user,
        productId: app.config.productId,
        commissionInvoiceId: request.params.id,
      }),
  });
};
