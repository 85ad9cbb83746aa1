import {
  offerCreateEndpoint,
  offerTermsEndpoint,
  offerUnpublishEndpoint,
  offerUpdateEndpoint,
  ownOfferEndpoint,
  ownOfferListEndpoint,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { getOfferTerms } from '../catalogue/load-offer-terms';
import { createOffer } from './create-offer';
import { getOwnOffer } from './get-own-offer';
import { listOwnOffers } from './list-own-offers';
import type { TPublishing } from './publish-offer';
import { unpublishOffer } from './unpublish-offer';
import { updateOffer } from './update-offer';

/** The supplier's side of offers: publish, edit, unpublish, and 'My offerings'. */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const publishing = (): TPublishing => ({ linkChecks: app.linkChecks });
  const supplierOf = (user: { id: string; email: string; name: string }) => ({
    id: user.id,
    email: user.email,
    name: user.name,
  });

  registerEndpoint(app, offerCreateEndpoint, {
    handler: async (request, reply) => {
      const offer = await createOffer({
        db: app.database.db,
        supplier: supplierOf(request.user),
        input: request.body,
        ...publishing(),
      });
      return reply.status(201).send(offer);
    },
  });

  registerEndpoint(app, ownOfferListEndpoint, {
    handler: async (request) => listOwnOffers(app.database.db, request.user.id),
  });

  registerEndpoint(app, ownOfferEndpoint, {
    handler: async (request) =>
      getOwnOffer({ db: app.database.db, userId: request.user.id, offerId: request.params.id }),
  });

  registerEndpoint(app, offerUpdateEndpoint, {
    handler: async (request) =>
      updateOffer({
        db: app.database.db,
        supplier: supplierOf(request.user),
        offerId: request.params.id,
        input: request.body,
        ...publishing(),
      }),
  });

  registerEndpoint(app, offerUnpublishEndpoint, {
    handler: async (request) =>
      unpublishOffer({ db: app.database.db, userId: request.user.id, offerId: request.params.id }),
  });

  registerEndpoint(app, offerTermsEndpoint, {
    handler: async (request) => getOfferTerms(app.database.db, request.params.id),
  });
};
