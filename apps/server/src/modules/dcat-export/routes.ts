import {
  catalogEndpoint,
  catalogOfferEndpoint,
  ZCatalogParams,
  ZCatalogQuerystring,
  ZErrorResponse,
} from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Quad } from 'n3';
import { z } from 'zod';
import { getCatalogOffer } from './get-catalog-offer';
import { getCatalogPage } from './get-catalog-page';
import { toJsonLd, toTurtle } from './serialize-catalog';

/** Turtle when the Accept header ranks it above JSON-LD; JSON-LD otherwise (also for * / * and JSON). */
function prefersTurtle(accept: string | undefined): boolean {
  let turtle = 0;
  let jsonLd = 0;
  for (const part of (accept ?? '').split(',')) {
    const [type, ...parameters] = part.trim().toLowerCase().split(';');
    const q = Number(parameters.find((parameter) => parameter.trim().startsWith('q='))?.split('=')[1] ?? 1);
    if (type === 'text/turtle') turtle = Math.max(turtle, q);
    if (type === 'application/ld+json' || type === 'application/json') jsonLd = Math.max(jsonLd, q);
  }
  return turtle > jsonLd;
}

async function send(request: FastifyRequest, reply: FastifyReply, quads: Quad[]) {
  reply.header('vary', 'accept');
  if (prefersTurtle(request.headers.accept)) {
    return reply.type('text/turtle; charset=utf-8').send(await toTurtle(quads));
  }
  return reply.type('application/ld+json; charset=utf-8').send(JSON.stringify(await toJsonLd(quads)));
}

const ZDcatDocument = z.unknown().describe('DCAT-AP as JSON-LD (application/ld+json) or Turtle (text/turtle)');

/** The catalogue as DCAT-AP for other portals to harvest: JSON-LD or Turtle by content negotiation. */
export const catalogExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogUrl = `${app.config.publicUrl}${catalogEndpoint.path}`;
  const offerPageUrl = (offerId: string) => `${app.config.publicUrl}/offer/details/${encodeURIComponent(offerId)}`;

  app.route({
    method: catalogEndpoint.method,
    url: catalogEndpoint.path,
    schema: {
      tags: ['catalog'],
      summary: 'The catalogue as DCAT-AP, paged with hydra',
      description:
        "A paid offer's distributions name the offer's marketplace page as `dcat:accessURL` (with `dsm:accessRestricted true`) unless the caller supplies the offer or holds an active entitlement to it.",
      querystring: ZCatalogQuerystring,
      response: { 200: ZDcatDocument, 400: ZErrorResponse },
    },
    handler: async (request, reply) =>
      send(
        request,
        reply,
        await getCatalogPage({
          db: app.database.db,
          catalogUrl,
          offerPageUrl,
          viewer: { userId: request.user.id, db: app.database.db },
          ...request.query,
        }),
      ),
  });

  app.route({
    method: catalogOfferEndpoint.method,
    url: catalogOfferEndpoint.path,
    schema: {
      tags: ['catalog'],
      summary: 'One offer as a DCAT-AP dataset',
      params: ZCatalogParams,
      response: { 200: ZDcatDocument, 400: ZErrorResponse, 404: ZErrorResponse },
    },
    handler: async (request, reply) =>
      send(
        request,
        reply,
        await getCatalogOffer({
          db: app.database.db,
          catalogUrl,
          offerPageUrl,
          viewer: { userId: request.user.id, db: app.database.db },
          id: request.params.id,
        }),
      ),
  });
};
