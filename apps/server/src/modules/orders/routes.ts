import {
  acquisitionUsageEndpoint,
  cancelSubscriptionEndpoint,
  commissionInvoicePdfEndpoint,
  invoiceFacturXEndpoint,
  invoicePdfEndpoint,
  invoiceXmlEndpoint,
  markInvoicePaidEndpoint,
  orderEndpoint,
  orderListEndpoint,
  paymentEndpoint,
  salesEndpoint,
  salesUsageEndpoint,
  ZAcquisitionUsageResponse,
  ZEntitlementUsage,
  ZErrorResponse,
  ZIdParams,
  ZOrder,
  ZOrderListQuerystring,
  ZOrderListResponse,
  ZPaymentHeaders,
  ZPaymentRequest,
  ZSale,
  ZSalesResponse,
  ZSalesUsageResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelSubscription } from './cancel-subscription';
import { getCommissionInvoicePdf } from './get-commission-invoice-pdf';
import { getInvoiceFacturX } from './get-invoice-factur-x';
import { getInvoicePdf } from './get-invoice-pdf';
import { getInvoiceXml } from './get-invoice-xml';
import { getOrderById } from './get-order';
import { listAcquisitionUsage } from './list-acquisition-usage';
import { listOrders } from './list-orders';
import { listSales } from './list-sales';
import { listSalesUsage } from './list-sales-usage';
import { markInvoicePaid } from './mark-invoice-paid';
import { assertIsConsumer, assertMayReadOrder } from './orders-policy';
import { placeOrder } from './place-order';

const ERRORS = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** Checkout, the buyer's orders, the supplier's sales and the invoices. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: paymentEndpoint.method,
    url: paymentEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: 'Place an order (the payment order of the cart)',
      description:
        "Checks every item (exists, is for sale, names the first dataset's publisher, does not repeat), takes the prices from the catalogue, stores the order and issues one invoice per supplier, payable by bank transfer within 30 days. With an `Idempotency-Key` a retried request answers the first order (200) instead of placing another; the key with a different body is 409.",
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

  app.route({
    method: invoicePdfEndpoint.method,
    url: invoicePdfEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: "An invoice as PDF (its buyer and its supplier's members only)",
      params: ZIdParams,
      produces: ['application/pdf'],
      response: {
        200: z.any().meta({ type: 'string', format: 'binary', description: 'The invoice as PDF' }),
        ...ERRORS,
      },
    },
    handler: async (request, reply) => {
      const { fileName, pdf } = await getInvoicePdf({
        db: app.database.db,
        user: request.user,
        invoiceId: request.params.id,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  app.route({
    method: invoiceXmlEndpoint.method,
    url: invoiceXmlEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: "An invoice as XRechnung e-invoice, EN 16931 UBL XML (its buyer and its supplier's members only)",
      description:
        'Made with e-invoice-eu from the same data as the PDF. 409 for an invoice that names no selling organisation (a publisher imported from another catalogue).',
      params: ZIdParams,
      produces: ['application/xml'],
      response: {
        200: z.any().meta({ type: 'string', description: 'The invoice as XRechnung UBL XML' }),
        ...ERRORS,
        409: ZErrorResponse,
      },
    },
    handler: async (request, reply) => {
      const { fileName, xml } = await getInvoiceXml({
        db: app.database.db,
        user: request.user,
        invoiceId: request.params.id,
      });
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(xml);
    },
  });

  app.route({
    method: invoiceFacturXEndpoint.method,
    url: invoiceFacturXEndpoint.path,
    schema: {
      tags: ['orders'],
      summary:
        "An invoice as Factur-X/ZUGFeRD: PDF/A-3 with the EN 16931 CII XML embedded (its buyer and its supplier's members only)",
      description:
        'The invoice PDF, made PDF/A-3b by e-invoice-eu, with the XML attached as `factur-x.xml` (profile EN 16931, ZUGFeRD COMFORT). 409 for an invoice that names no selling or no buyer organisation.',
      params: ZIdParams,
      produces: ['application/pdf'],
      response: {
        200: z.any().meta({ type: 'string', format: 'binary', description: 'The invoice as Factur-X PDF' }),
        ...ERRORS,
        409: ZErrorResponse,
      },
    },
    handler: async (request, reply) => {
      const { fileName, pdf } = await getInvoiceFacturX({
        db: app.database.db,
        user: request.user,
        invoiceId: request.params.id,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  app.route({
    method: commissionInvoicePdfEndpoint.method,
    url: commissionInvoicePdfEndpoint.path,
    schema: {
      tags: ['orders'],
      summary: "The marketplace's commission invoice for a sale, as PDF (the supplier's members only)",
      params: ZIdParams,
      produces: ['application/pdf'],
      response: {
        200: z.any().meta({ type: 'string', format: 'binary', description: 'The commission invoice as PDF' }),
        ...ERRORS,
      },
    },
    handler: async (request, reply) => {
      const { fileName, pdf } = await getCommissionInvoicePdf({
        db: app.database.db,
        user: request.user,
        commissionInvoiceId: request.params.id,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
};
