import {
  licenceCreateEndpoint,
  licenceListEndpoint,
  ZErrorResponse,
  ZLicence,
  ZLicenceCreateRequest,
  ZLicenceListResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLicence } from './create-licence';
import { listLicences } from './list-licences';

export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: licenceListEndpoint.method,
    url: licenceListEndpoint.path,
    schema: {
      tags: ['licences'],
      summary: 'The licence catalogue, with the alternative names each licence is matched by',
      response: { 200: ZLicenceListResponse },
    },
    handler: async () => listLicences(app.database.readDb),
  });

  app.route({
    method: licenceCreateEndpoint.method,
    url: licenceCreateEndpoint.path,
    schema: {
      tags: ['licences'],
      summary: "Add a licence of the supplier's own (the wizard's 'Add your own Licence')",
      description:
        'The id and the title must not name a licence of the catalogue yet (compared without case, also against the alternative names); the URL must be an http(s) URL.',
      body: ZLicenceCreateRequest,
      response: { 201: ZLicence, 400: ZErrorResponse, 409: ZErrorResponse },
    },
    handler: async (request, reply) => {
      const licence = await createLicence({ db: app.database.db, licence: request.body, userId: request.user.id });
      return reply.status(201).send(licence);
    },
  });
};
