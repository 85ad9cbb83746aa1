import {
  catalogueFormatsEndpoint,
  relatedOffersEndpoint,
  searchCacheEndpoint,
  searchEndpoint,
  searchSuggestEndpoint,
  ZCatalogueFormatsResponse,
  ZErrorResponse,
  ZRelatedOffersParams,
  ZRelatedOffersResponse,
  ZSearchCacheResponse,
  ZSearchQuerystring,
  ZSearchRequest,
  ZSearchResponse,
  ZSuggestQuerystring,
  ZSuggestResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonInSlices } from '../../../lib/json-in-slices';
import { observeSearchStages } from '../../../lib/metrics';
import { getCatalogueFormats } from './get-catalogue-formats';
import { getFilterValues } from './get-filter-values';
import { getRelatedOffers } from './get-related-offers';
import { presentSearchResponse } from './present-search-response';
import { searchOffers } from './search-offers';
import { suggestSearchTerms } from './suggest-search-terms';

/** Offers of a page serialised in one piece; larger pages are written in slices. */
const SERIALISED_AT_ONCE = 100;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: searchEndpoint.method,
    url: searchEndpoint.path,
    schema: {
      tags: ['search'],
      summary: 'Search the catalogue',
      description:
        "Ranked full-text search with filters and a choice of order. `terms` (or, as the reference sends them, the `query` parameter with the terms joined by '|') holds the search-bar terms: every word is required unless no offer has them all (then `matchedAllTerms` is false and the offers with the most of them come first); quoted terms are phrases; a term starting with '-' excludes. A word found nowhere in the catalogue is corrected for typos (`correctedQuery`) unless `exact` is true. The total is counted up to 10000. A paid offer's access URLs are null (`isAccessRestricted`) unless the caller supplies the offer or holds an active entitlement to it.",
      querystring: ZSearchQuerystring,
      body: ZSearchRequest,
      response: { 200: ZSearchResponse, 400: ZErrorResponse, 429: ZErrorResponse },
    },
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

  app.route({
    method: searchSuggestEndpoint.method,
    url: searchSuggestEndpoint.path,
    schema: {
      tags: ['search'],
      summary: 'Complete what is typed in the search bar',
      description:
        'At most 8 suggestions for `prefix`: keywords starting with it (the most used first), then titles holding its words with the last one completed (the newest first).',
      querystring: ZSuggestQuerystring,
      response: { 200: ZSuggestResponse, 400: ZErrorResponse, 429: ZErrorResponse },
    },
    preHandler: app.rateLimits.search,
    handler: async (request) => suggestSearchTerms(app.searchIndex, request.query.prefix),
  });

  app.route({
    method: searchCacheEndpoint.method,
    url: searchCacheEndpoint.path,
    schema: {
      tags: ['search'],
      summary: 'Filter values: the most used keywords and the categories in use',
      response: { 200: ZSearchCacheResponse },
    },
    handler: async () => getFilterValues(app.database.readDb),
  });

  app.route({
    method: relatedOffersEndpoint.method,
    url: relatedOffersEndpoint.path,
    schema: {
      tags: ['search'],
      summary: 'Offers related to one: sharing its keywords or categories',
      description:
        "At most 6 offers: those sharing one of the offer's keywords first, then those sharing one of its categories, newest first within each. Never the offer itself nor a federated copy of it (the same title and description). A paid offer's access URLs are withheld as in search. An unknown offer is 404.",
      params: ZRelatedOffersParams,
      response: { 200: ZRelatedOffersResponse, 400: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse },
    },
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

  app.route({
    method: catalogueFormatsEndpoint.method,
    url: catalogueFormatsEndpoint.path,
    schema: {
      tags: ['search'],
      summary: 'The distribution formats the catalogue uses, with how many offers have each',
      description:
        "Every format of the searchable offers' distributions, as the search filter `formats` takes it, with the number of offers having it, the most used first. Counted over the whole catalogue and kept for up to five minutes.",
      response: { 200: ZCatalogueFormatsResponse },
    },
    handler: async () => getCatalogueFormats(app.database.readDb),
  });
};
