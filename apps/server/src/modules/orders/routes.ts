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
  type TInvoiceDownloadEndpoint,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint, type TZodApp } from '../../lib/register-endpoint';
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

/** A document made for the caller: its file name and content. */
type TDownload = { fileName: string; pdf: Buffer } | { fileName: string; xml: string };

/** One invoice download: guarded and loaded by `load`, sent as an attachment nobody caches. */
type TDownloadRoute = {
  endpoint: TInvoiceDownloadEndpoint;
  load: (request: { params: TIdParams; user: TAuthUser }) => Promise<TDownload>;
};

function addDownloadRoute(app: TZodApp, download: TDownloadRoute): void {
  const isPdf = download.endpoint.produces[0] === 'application/pdf';
  registerEndpoint(app, download.endpoint, {
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
  registerEndpoint(app, paymentEndpoint, {
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

  registerEndpoint(app, offerSaleStatusEndpoint, {
    handler: async (request) =>
      getOfferSaleStatus({ db: app.database.db, userId: request.user.id, offerId: request.params.id }),
  });

  registerEndpoint(app, orderListEndpoint, {
    handler: async (request) => listOrders({ db: app.database.db, consumerId: request.user.id, ...request.query }),
  });

  registerEndpoint(app, orderEndpoint, {
    handler: async (request) => {
      const order = await getOrderById(app.database.db, request.params.id);
      assertMayReadOrder(request.user, order);
      return order;
    },
  });

  registerEndpoint(app, salesEndpoint, {
    handler: async (request) => listSales({ db: app.database.db, userId: request.user.id, ...request.query }),
  });

  registerEndpoint(app, salesUsageEndpoint, {
    handler: async (request) => listSalesUsage({ db: app.database.db, userId: request.user.id }),
  });

  registerEndpoint(app, acquisitionUsageEndpoint, {
    handler: async (request) => listAcquisitionUsage({ db: app.database.db, userId: request.user.id }),
  });

  registerEndpoint(app, cancelSubscriptionEndpoint, {
    handler: async (request) =>
      cancelSubscription({ db: app.database.db, user: request.user, entitlementId: request.params.id }),
  });

  registerEndpoint(app, markInvoicePaidEndpoint, {
    handler: async (request) =>
      markInvoicePaid({ db: app.database.db, user: request.user, invoiceId: request.params.id }),
  });

  const invoiceDownloads: TDownloadRoute[] = [
    {
      endpoint: invoicePdfEndpoint,
      load: (request) => getInvoicePdf({ db: app.database.db, user: request.user, invoiceId: request.params.id }),
    },
    {
      endpoint: invoiceXmlEndpoint,
      load: (request) => getInvoiceXml({ db: app.database.db, user: request.user, invoiceId: request.params.id }),
    },
    {
      endpoint: invoiceFacturXEndpoint,
      load: (request) => getInvoiceFacturX({ db: app.database.db, user: request.user, invoiceId: request.params.id }),
    },
    {
      endpoint: commissionInvoicePdfEndpoint,
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

  registerEndpoint(app, commissionInvoiceListEndpoint, {
    handler: async (request) =>
      listCommissionInvoices({
        db: app.database.db,
        user: request.user,
        productId: app.config.productId,
        ...request.query,
      }),
  });

  registerEndpoint(app, markCommissionInvoicePaidEndpoint, {
    handler: async (request) =>
      markCommissionInvoicePaid({
        db: app.database.db,
        user: request.user,
        productId: app.config.productId,
        commissionInvoiceId: request.params.id,
      }),
  });
};
