import {
  catalogueFormatsEndpoint,
  relatedOffersEndpoint,
  searchCacheEndpoint,
  searchEndpoint,
  searchSuggestEndpoint,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonInSlices } from '../../../lib/json-in-slices';
import { observeSearchStages } from '../../../lib/metrics';
import { registerEndpoint } from '../../../lib/register-endpoint';
import { getCatalogueFormats } from './get-catalogue-formats';
import { getFilterValues } from './get-filter-values';
import { getRelatedOffers } from './get-related-offers';
import { presentSearchResponse } from './present-search-response';
import { searchOffers } from './search-offers';
import { suggestSearchTerms } from './suggest-search-terms';

/** Offers of a page serialised in one piece; larger pages are written in slices. */
const SERIALISED_AT_ONCE = 100;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, searchEndpoint, {
    // Timed for the `Server-Timing` header: the token check ends where the route's own hooks begin.
    onRequest: async (request) => request.timing.mark('token'),
    preHandler: [async (request) => request.timing.mark('parse'), app.rateLimits.search],
    handler: async (request, reply) => {
      const { timing } = request;
      const response = await presentSearchResponse(
        await searchOffers({
          db: app.database.readDb,
          searchIndex: app.searchIndex,
          query: request.query.query,
          request: request.body,
          timing,
        }),
        { userId: request.user.id, db: app.database.db },
        timing,
      );
      reply.type('application/json; charset=utf-8');
      // A page of 1,000 offers is megabytes of JSON: written in slices, it never holds the event loop for long
      // (the header goes out before the slices are written, so it cannot time them).
      if (response.data.length > SERIALISED_AT_ONCE) {
        reply.header('server-timing', timing.header());
        observeSearchStages(timing.all);
        // The stream carries the contract's JSON; the type provider only knows objects.
        return reply.send(jsonInSlices(response, ['data']) as never);
      }
      const text = JSON.stringify(response);
      timing.mark('json');
      reply.header('server-timing', timing.header());
      observeSearchStages(timing.all);
      return reply.send(text as never);
    },
  });

  registerEndpoint(app, searchSuggestEndpoint, {
    preHandler: app.rateLimits.search,
    handler: async (request) => suggestSearchTerms(app.searchIndex, request.query.prefix),
  });

  registerEndpoint(app, searchCacheEndpoint, { handler: async () => getFilterValues(app.database.readDb) });

  registerEndpoint(app, relatedOffersEndpoint, {
    preHandler: app.rateLimits.search,
    handler: async (request) => ({
      data: await getRelatedOffers({
        db: app.database.readDb,
        searchIndex: app.searchIndex,
        viewer: { userId: request.user.id, db: app.database.db },
        id: request.params.id,
      }),
    }),
  });

  registerEndpoint(app, catalogueFormatsEndpoint, { handler: async () => getCatalogueFormats(app.database.readDb) });
};
