import { deliveryDataEndpoint, deliveryEndpoint, deliveryListEndpoint, deliveryRequestEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { meterStream } from '../usage/meter-stream';
import { getDelivery } from './get-delivery';
import { listDeliveries } from './list-deliveries';
import { presentDelivery } from './present-delivery';
import { readDeliveryData } from './read-delivery-data';
import { requestDelivery } from './request-delivery';

/** Delivery of acquired Connector-access offers through the buyer's connector. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, deliveryRequestEndpoint, {
    handler: async (request, reply) => {
      const delivery = await requestDelivery({
        db: app.database.db,
        user: request.user,
        offerId: request.body.offerId,
      });
      return reply.code(201).send(presentDelivery(delivery));
    },
  });

  registerEndpoint(app, deliveryListEndpoint, {
    handler: async (request) => listDeliveries(app.database.db, request.user.id),
  });

  registerEndpoint(app, deliveryEndpoint, {
    handler: async (request) => getDelivery(app.database.db, request.user, request.params.deliveryId),
  });

  registerEndpoint(app, deliveryDataEndpoint, {
    // The bytes go out as the supplier's data plane sent them, so what is metered is what was sent.
    compress: false,
    handler: async (request, reply) => {
      const { data, record } = await readDeliveryData({
        db: app.database.db,
        user: request.user,
        deliveryId: request.params.deliveryId,
      });
      reply.header('content-type', data.headers.get('content-type') ?? 'application/octet-stream');
      reply.header('content-disposition', `attachment; filename="${request.params.deliveryId}"`);
      reply.header('cache-control', 'no-store');
      // The bytes pass through the marketplace: they are metered as they go out, an aborted read too.
      const body = meterStream({
        body: data.body as ReadableStream<Uint8Array>,
        response: reply.raw,
        onClose: (outcome) =>
          record(outcome).catch((error: unknown) =>
            request.log.error({ err: error }, 'a delivery read could not be metered'),
          ),
      });
      return reply.send(body);
    },
  });
};
