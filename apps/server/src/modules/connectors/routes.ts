import {
  connectorListEndpoint,
  connectorOffersEndpoint,
  connectorOfferUploadEndpoint,
  connectorRegisterEndpoint,
  connectorRemoveEndpoint,
  registeredConnectorListEndpoint,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireConnectorOperator } from './connector-operator-policy';
import type { TConnectorRemovalHook } from './connector-removal-hook';
import { listConnectorOffers } from './list-connector-offers';
import { listConnectors } from './list-connectors';
import { listRegisteredConnectors } from './list-registered-connectors';
import { registerConnector } from './register-connector';
import { removeConnector } from './remove-connector';
import { uploadConnectorOffer } from './upload-connector-offer';

/** Options of the connectors' routes. */
export type TConnectorRoutesOptions = {
  /** Runs before a connector is removed. */
  onConnectorRemoving?: TConnectorRemovalHook;
};

export const connectorRoutes: FastifyPluginAsyncZod<TConnectorRoutesOptions> = async (app, options) => {
  registerEndpoint(app, connectorListEndpoint, {
    handler: async () => listConnectors(app.database.readDb),
  });

  registerEndpoint(app, connectorOffersEndpoint, {
    handler: async (request) =>
      listConnectorOffers({ db: app.database.db, connectorId: request.params.connectorId, userId: request.user.id }),
  });

  registerEndpoint(app, connectorOfferUploadEndpoint, {
    handler: async (request, reply) => {
      const created = await uploadConnectorOffer(app.database.db, request.body);
      return reply.status(201).send(created);
    },
  });

  registerEndpoint(app, registeredConnectorListEndpoint, {
    preValidation: requireConnectorOperator,
    handler: async () => listRegisteredConnectors(app.database.db),
  });

  registerEndpoint(app, connectorRegisterEndpoint, {
    preValidation: requireConnectorOperator,
    handler: async (request, reply) => {
      const connector = await registerConnector(app.database.db, request.body);
      return reply.status(201).send(connector);
    },
  });

  registerEndpoint(app, connectorRemoveEndpoint, {
    preValidation: requireConnectorOperator,
    handler: async (request, reply) => {
      await removeConnector(app.database.db, request.params.connectorId, options.onConnectorRemoving);
      return reply.status(204).send(null);
    },
  });
};
