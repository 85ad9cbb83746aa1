import {
  deliveryDataEndpoint,
  deliveryEndpoint,
  deliveryListEndpoint,
  deliveryRequestEndpoint,
  ZDelivery,
  ZDeliveryListResponse,
  ZDeliveryParams,
  ZDeliveryRequest,
  ZErrorResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meterStream } from '../usage/meter-stream';
import { getDelivery } from './get-delivery';
import { listDeliveries } from './list-deliveries';
import { presentDelivery } from './present-delivery';
import { readDeliveryData } from './read-delivery-data';
import { requestDelivery } from './request-delivery';

/** Why a delivery call can fail, for the OpenAPI document. */
const DELIVERY_ERRORS = {
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  502: ZErrorResponse,
  503: ZErrorResponse,
  504: ZErrorResponse,
} as const;

/** Delivery of acquired Connector-access offers through the buyer's connector. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: deliveryRequestEndpoint.method,
    url: deliveryRequestEndpoint.path,
    schema: {
      tags: ['deliveries'],
      summary: 'Request access to an acquired Connector offer: negotiate its contract on the buyer’s connector',
      description:
        "The buyer's connector fetches the offer's dataset from the supplier's connector (DSP) and starts the contract negotiation. Asking again while a delivery runs answers it; a failed one starts afresh. 403 for an offer the user did not buy, 409 when the offer is not delivered by connector or the user has no connector.",
      body: ZDeliveryRequest,
      response: { 201: ZDelivery, 400: ZErrorResponse, ...DELIVERY_ERRORS },
    },
    handler: async (request, reply) => {
      const delivery = await requestDelivery({
        db: app.database.db,
        user: request.user,
        offerId: request.body.offerId,
      });
      return reply.code(201).send(presentDelivery(delivery));
    },
  });

  app.route({
    method: deliveryListEndpoint.method,
    url: deliveryListEndpoint.path,
    schema: {
      tags: ['deliveries'],
      summary: "The signed-in buyer's deliveries, newest first, refreshed from the connector",
      description:
        'Reading the list moves each running delivery on: its states are read from the buyer’s connector and the transfer starts once the negotiation is FINALIZED.',
      response: { 200: ZDeliveryListResponse },
    },
    handler: async (request) => listDeliveries(app.database.db, request.user.id),
  });

  app.route({
    method: deliveryEndpoint.method,
    url: deliveryEndpoint.path,
    schema: {
      tags: ['deliveries'],
      summary: 'One delivery of the signed-in buyer, refreshed from the connector',
      params: ZDeliveryParams,
      response: { 200: ZDelivery, ...DELIVERY_ERRORS },
    },
    handler: async (request) => getDelivery(app.database.db, request.user, request.params.deliveryId),
  });

  app.route({
    method: deliveryDataEndpoint.method,
    url: deliveryDataEndpoint.path,
    // The bytes go out as the supplier's data plane sent them, so what is metered is what was sent.
    compress: false,
    schema: {
      tags: ['deliveries'],
      summary: "Download a delivery's data through the supplier's public data plane",
      description: 'Streams the data with the EDR of the STARTED transfer; 409 while the transfer is not STARTED.',
      params: ZDeliveryParams,
      produces: ['application/octet-stream'],
      response: {
        200: z
          .any()
          .meta({ type: 'string', format: 'binary', description: "The asset's data, as the supplier serves it" }),
        ...DELIVERY_ERRORS,
      },
    },
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
