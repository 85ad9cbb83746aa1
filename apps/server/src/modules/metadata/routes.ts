import { metadataItemEndpoint, metadataListEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointSchema, registerEndpoint } from '../../lib/register-endpoint';
import { getMetadataBatch } from './get-metadata-batch';
import { getMetadataItem } from './get-metadata-item';
import { listMetadata } from './list-metadata';

export const metadataRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async (request: {
    query: { batchIds?: string[] | undefined; limit: number; after?: string | undefined };
    user: { id: string };
  }) =>
    request.query.batchIds !== undefined
      ? getMetadataBatch(app.database.readDb, request.query.batchIds, { userId: request.user.id, db: app.database.db })
      : listMetadata(
          app.database.readDb,
          { after: request.query.after, limit: request.query.limit },
          { userId: request.user.id, db: app.database.db },
        );

  registerEndpoint(app, metadataListEndpoint, { handler: list });
  // The reference calls the batch with a trailing slash (`/api/metadata/?batchIds=`).
  app.route({
    method: metadataListEndpoint.method,
    url: `${metadataListEndpoint.path}/`,
    schema: { ...endpointSchema(metadataListEndpoint), hide: true },
    handler: list,
  });

  registerEndpoint(app, metadataItemEndpoint, {
    handler: async (request) =>
      getMetadataItem({
        db: app.database.db,
        linkChecks: app.linkChecks,
        id: request.params.id,
        userId: request.user.id,
      }),
  });
};
