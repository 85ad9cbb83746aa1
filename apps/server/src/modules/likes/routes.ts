import {
  likedIdsEndpoint,
  likeEndpoint,
  unlikeEndpoint,
  ZErrorResponse,
  ZLikedIdsResponse,
  ZLikeQuerystring,
  ZLikeResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { likeOffer } from './like-offer';
import { listLikedOfferIds } from './list-liked-offer-ids';
import { unlikeOffer } from './unlike-offer';

/** Likes belong to the signed-in user: every call reads and changes only `request.user.id`'s likes. */
export const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: likedIdsEndpoint.method,
    url: likedIdsEndpoint.path,
    schema: {
      tags: ['likes'],
      summary: "The ids of the signed-in user's liked offers, most recent first",
      response: { 200: ZLikedIdsResponse },
    },
    handler: async (request) => listLikedOfferIds(app.database.db, request.user.id),
  });

  app.route({
    method: likeEndpoint.method,
    url: likeEndpoint.path,
    schema: {
      tags: ['likes'],
      summary: 'Like an offer',
      description: 'Idempotent: liking an offer already liked changes nothing. The body is empty.',
      querystring: ZLikeQuerystring,
      response: { 200: ZLikeResponse, 400: ZErrorResponse, 404: ZErrorResponse },
    },
    handler: async (request) =>
      likeOffer({ db: app.database.db, userId: request.user.id, offerId: request.query.uuid }),
  });

  app.route({
    method: unlikeEndpoint.method,
    url: unlikeEndpoint.path,
    schema: {
      tags: ['likes'],
      summary: 'Remove the like of an offer',
      description: 'Idempotent: unliking an offer not liked changes nothing; an unknown offer is a 404.',
      querystring: ZLikeQuerystring,
      response: { 200: ZLikeResponse, 400: ZErrorResponse, 404: ZErrorResponse },
    },
    handler: async (request) =>
      unlikeOffer({ db: app.database.db, userId: request.user.id, offerId: request.query.uuid }),
  });
};
