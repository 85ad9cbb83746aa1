import { ownOrganisationEndpoint, saveOwnOrganisationEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { getOwnOrganisation } from './get-own-organisation';
import { saveOwnOrganisation } from './save-own-organisation';

/** The signed-in user's organisation profile: the party on their invoices. */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, ownOrganisationEndpoint, {
    handler: async (request) => getOwnOrganisation(app.database.db, request.user.id),
  });

  registerEndpoint(app, saveOwnOrganisationEndpoint, {
    handler: async (request) =>
      saveOwnOrganisation({ db: app.database.db, userId: request.user.id, values: request.body }),
  });
};
