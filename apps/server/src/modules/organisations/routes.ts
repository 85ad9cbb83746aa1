import {
  ownOrganisationEndpoint,
  saveOwnOrganisationEndpoint,
  ZErrorResponse,
  ZOrganisationInput,
  ZOwnOrganisationResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOwnOrganisation } from './get-own-organisation';
import { saveOwnOrganisation } from './save-own-organisation';

/** The signed-in user's organisation profile: the party on their invoices. */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ownOrganisationEndpoint.method,
    url: ownOrganisationEndpoint.path,
    schema: {
      tags: ['organisations'],
      summary: "The signed-in user's organisation and whether it is complete enough to buy and to sell",
      response: { 200: ZOwnOrganisationResponse },
    },
    handler: async (request) => getOwnOrganisation(app.database.db, request.user.id),
  });

  app.route({
    method: saveOwnOrganisationEndpoint.method,
    url: saveOwnOrganisationEndpoint.path,
    schema: {
      tags: ['organisations'],
      summary: "Save the signed-in user's organisation",
      description:
        'Creates the organisation on the first save, with the user as its member, and updates it afterwards. The VAT ID is checked against the country (format and check digits), IBAN and BIC with ibantools; a bad value is 400 naming the field. Invoices already issued keep the data they were issued with.',
      body: ZOrganisationInput,
      response: { 200: ZOwnOrganisationResponse, 400: ZErrorResponse },
    },
    handler: async (request) =>
      saveOwnOrganisation({ db: app.database.db, userId: request.user.id, values: request.body }),
  });
};
