import { publisherEndpoint, ZErrorResponse, ZPublisher, ZPublisherParams } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPublisher } from './get-publisher';

/** Publishers' public pages. */
export const publisherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: publisherEndpoint.method,
    url: publisherEndpoint.path,
    schema: {
      tags: ['publishers'],
      summary: 'A publisher of catalogue offers: name, where it is, how many offers',
      description:
        "`id` is the publisher's IRI (`dcterms:publisher` `@id`) as unpadded base64url of its UTF-8 bytes, so that IRIs with '/', '#' or '?' fit in one path segment. The offers themselves are listed by `POST /api/search` with `filter.publishers` set to `searchName`. An id no publisher has is 404; one that is not base64url is 400.",
      params: ZPublisherParams,
      response: { 200: ZPublisher, 400: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse },
    },
    preHandler: app.rateLimits.search,
    handler: async (request) =>
      getPublisher({ db: app.database.readDb, searchIndex: app.searchIndex, encodedId: request.params.id }),
  });
};
