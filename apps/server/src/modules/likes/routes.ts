import { likedIdsEndpoint, likeEndpoint, unlikeEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { likeOffer } from './like-offer';
import { listLikedOfferIds } from './list-liked-offer-ids';
import { unlikeOffer } from './unlike-offer';

/** Likes belong to the signed-in user: every call reads and changes only `request.user.id`'s likes. */
export const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, likedIdsEndpoint, {
    handler: async (request) => listLikedOfferIds(app.database.db, request.user.id),
  });

  registerEndpoint(app, likeEndpoint, {
    handler: async (request) =>
      likeOffer({ db: app.database.db, userId: request.user.id, offerId: request.query.uuid }),
  });

  registerEndpoint(app, unlikeEndpoint, {
    handler: async (request) =>
      unlikeOffer({ db: app.database.db, userId: request.user.id, offerId: request.query.uuid }),
  });
};
