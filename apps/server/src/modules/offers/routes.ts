import {
  offerCreateEndpoint,
  offerTermsEndpoint,
  offerUnpublishEndpoint,
  offerUpdateEndpoint,
  ownOfferEndpoint,
  ownOfferListEndpoint,
  ZErrorResponse,
  ZOfferInput,
  ZOfferTerms,
  ZOwnOffer,
  ZOwnOfferDetails,
  ZOwnOfferListResponse,
  ZOwnOfferParams,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOfferTerms } from '../catalogue/load-offer-terms';
import { createOffer } from './create-offer';
import { getOwnOffer } from './get-own-offer';
import { listOwnOffers } from './list-own-offers';
import type { TPublishing } from './publish-offer';
import { unpublishOffer } from './unpublish-offer';
import { updateOffer } from './update-offer';

const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** The supplier's side of offers: publish, edit, unpublish, and 'My offerings'. */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const publishing = (): TPublishing => ({ linkChecks: app.linkChecks });
  const supplierOf = (user: { id: string; email: string; name: string }) => ({
    id: user.id,
    email: user.email,
    name: user.name,
  });

  app.route({
    method: offerCreateEndpoint.method,
    url: offerCreateEndpoint.path,
    schema: {
      tags: ['offers'],
      summary: 'Publish an offer from the wizard',
      description:
        'Creates the offer in the catalogue, owned by the signed-in supplier and searchable at once. For the Connector access type it is first published on the chosen connector (asset, policy definition, contract definition); if a step fails the offer is kept unpublished and `publishFailure` names the step. A paid offer needs the VAT ID, IBAN and BIC in the organisation profile of the supplier, else 409 ORGANISATION_INCOMPLETE naming the missing fields.',
      body: ZOfferInput,
      response: { 201: ZOwnOfferDetails, 400: ZErrorResponse, 409: ZErrorResponse },
    },
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

  app.route({
    method: ownOfferListEndpoint.method,
    url: ownOfferListEndpoint.path,
    schema: {
      tags: ['offers'],
      summary: "My offerings: the signed-in supplier's offers, published or not",
      response: { 200: ZOwnOfferListResponse },
    },
    handler: async (request) => listOwnOffers(app.database.db, request.user.id),
  });

  app.route({
    method: ownOfferEndpoint.method,
    url: ownOfferEndpoint.path,
    schema: {
      tags: ['offers'],
      summary: 'One own offer with the wizard input it was published from (owner only)',
      params: ZOwnOfferParams,
      response: { 200: ZOwnOfferDetails, ...errors },
    },
    handler: async (request) =>
      getOwnOffer({ db: app.database.db, userId: request.user.id, offerId: request.params.id }),
  });

  app.route({
    method: offerUpdateEndpoint.method,
    url: offerUpdateEndpoint.path,
    schema: {
      tags: ['offers'],
      summary: 'Replace an own offer with edited wizard input and publish it again (owner only)',
      params: ZOwnOfferParams,
      body: ZOfferInput,
      response: { 200: ZOwnOfferDetails, ...errors, 409: ZErrorResponse },
    },
    handler: async (request) =>
      updateOffer({
        db: app.database.db,
        supplier: supplierOf(request.user),
        offerId: request.params.id,
        input: request.body,
        ...publishing(),
      }),
  });

  app.route({
    method: offerUnpublishEndpoint.method,
    url: offerUnpublishEndpoint.path,
    schema: {
      tags: ['offers'],
      summary: 'Unpublish an own offer: it leaves search at once but stays stored (owner only)',
      params: ZOwnOfferParams,
      response: { 200: ZOwnOffer, ...errors },
    },
    handler: async (request) =>
      unpublishOffer({ db: app.database.db, userId: request.user.id, offerId: request.params.id }),
  });

  app.route({
    method: offerTermsEndpoint.method,
    url: offerTermsEndpoint.path,
    schema: {
      tags: ['offers'],
      summary: "An offer's usage terms: licence, allowed countries, time restriction",
      description:
        'What a buyer agrees to, shown before purchase. Checkout refuses an offer with allowed countries to an organisation in none of them (403).',
      params: ZOwnOfferParams,
      response: { 200: ZOfferTerms, 400: ZErrorResponse, 404: ZErrorResponse },
    },
    handler: async (request) => getOfferTerms(app.database.db, request.params.id),
  });
};
