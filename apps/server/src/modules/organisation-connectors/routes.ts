import {
  organisationConnectorEndpoint,
  removeOrganisationConnectorEndpoint,
  saveOrganisationConnectorEndpoint,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { getOrganisationConnector } from './get-organisation-connector';
import { requireMemberOrOperator } from './organisation-connector-policy';
import { removeOrganisationConnector } from './remove-organisation-connector';
import { saveOrganisationConnector } from './save-organisation-connector';

export const organisationConnectorRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, organisationConnectorEndpoint, {
    preHandler: requireMemberOrOperator,
    handler: async (request) => getOrganisationConnector(app.database.db, request.params.organisationId),
  });

  registerEndpoint(app, saveOrganisationConnectorEndpoint, {
    preHandler: requireMemberOrOperator,
    handler: async (request) =>
      saveOrganisationConnector({
        db: app.database.db,
        organisationId: request.params.organisationId,
        request: request.body,
        marketplaceConnectorId: app.config.marketplaceConnectorId,
      }),
  });

  registerEndpoint(app, removeOrganisationConnectorEndpoint, {
    preHandler: requireMemberOrOperator,
    handler: async (request, reply) => {
      await removeOrganisationConnector(app.database.db, request.params.organisationId);
      return reply.status(204).send(null);
    },
  });
};
