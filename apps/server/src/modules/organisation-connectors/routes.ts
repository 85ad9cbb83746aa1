import {
  organisationConnectorEndpoint,
  removeOrganisationConnectorEndpoint,
  saveOrganisationConnectorEndpoint,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { TConnectorRemovalHook } from '../connectors/connector-removal-hook';
import { getOrganisationConnector } from './get-organisation-connector';
import { requireMemberOrOperator } from './organisation-connector-policy';
import { removeOrganisationConnector } from './remove-organisation-connector';
import { saveOrganisationConnector } from './save-organisation-connector';

/** Options of the organisation connector routes. */
export type TOrganisationConnectorRoutesOptions = {
  /** Runs before an organisation's connector is removed. */
  onConnectorRemoving?: TConnectorRemovalHook;
};

export const organisationConnectorRoutes: FastifyPluginAsyncZod<TOrganisationConnectorRoutesOptions> = async (
  app,
  options,
) => {
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
      await removeOrganisationConnector(app.database.db, request.params.organisationId, options.onConnectorRemoving);
      return reply.status(204).send(null);
    },
  });
};
