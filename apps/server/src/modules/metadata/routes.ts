import {
  metadataItemEndpoint,
  metadataListEndpoint,
  ZErrorResponse,
  ZMetadataItem,
  ZMetadataListQuerystring,
  ZMetadataListResponse,
  ZMetadataParams,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMetadataBatch } from './get-metadata-batch';
import { getMetadataItem } from './get-metadata-item';
import { listMetadata } from './list-metadata';

export const metadataRoutes: FastifyPluginAsyncZod = async (app) => {
  const listSchema = {
    tags: ['metadata'],
    summary: 'Metadata items by id (batchIds), or the whole catalogue page by page',
    description:
      "With `batchIds` (comma-separated offer ids, at most 100): those items in the order asked, unknown ids left out; an empty list for none. Without: one page of the catalogue in id order, `limit` items (default 100, at most 1000), continued by passing the answer's `next` as `after`. A paid offer's access URLs are withheld as in `GET /api/metadata/{id}`.",
    querystring: ZMetadataListQuerystring,
    response: { 200: ZMetadataListResponse, 400: ZErrorResponse },
  };
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

  app.route({ method: metadataListEndpoint.method, url: metadataListEndpoint.path, schema: listSchema, handler: list });
  // The reference calls the batch with a trailing slash (`/api/metadata/?batchIds=`).
  app.route({
    method: metadataListEndpoint.method,
    url: `${metadataListEndpoint.path}/`,
    schema: { ...listSchema, hide: true },
    handler: list,
  });

  app.route({
    method: metadataItemEndpoint.method,
    url: metadataItemEndpoint.path,
    schema: {
      tags: ['metadata'],
      summary: 'One metadata item, with the checks of its endpoints',
      description:
        "Distributions whose access URL was never checked are queued for the link checker and answered with status 'pending'; ask again for the result. A paid offer's access URLs are null (`isAccessRestricted`) unless the caller supplies the offer or holds an active entitlement to it.",
      params: ZMetadataParams,
      response: { 200: ZMetadataItem, 400: ZErrorResponse, 404: ZErrorResponse },
    },
    handler: async (request) =>
      getMetadataItem({
        db: app.database.db,
        linkChecks: app.linkChecks,
        id: request.params.id,
        userId: request.user.id,
      }),
  });
};
