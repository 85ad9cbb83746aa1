import { Readable } from 'node:stream';
import { CATALOG_FORMATS, catalogEndpoint, catalogOfferEndpoint, type TCatalogFormat } from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { TCatalogExportContext } from './catalog-export-context';
import type { TDcatGraph } from './dcat-graph';
import { getCatalogOffer } from './get-catalog-offer';
import { getCatalogPage } from './get-catalog-page';
import { writeJsonLd } from './write-json-ld';
import { writeRdfXml } from './write-rdf-xml';
import { writeTurtle } from './write-turtle';

const FORMAT_OF_MEDIA_TYPE: Record<string, TCatalogFormat> = {
  'application/ld+json': 'jsonld',
  'application/json': 'jsonld',
  'text/turtle': 'turtle',
  'application/rdf+xml': 'rdfxml',
};

/**
 * The format the Accept header ranks highest among those the export writes; JSON-LD on a tie, for * / *,
 * and when none is named (the export's answer before it wrote other formats).
 */
export function preferredFormat(accept: string | undefined): TCatalogFormat {
  const quality: Record<TCatalogFormat, number> = { jsonld: 0, turtle: 0, rdfxml: 0 };
  for (const part of (accept ?? '').split(',')) {
    const [type, ...parameters] = part.trim().toLowerCase().split(';');
    const format = FORMAT_OF_MEDIA_TYPE[type?.trim() ?? ''];
    if (!format) continue;
    const q = Number(parameters.find((parameter) => parameter.trim().startsWith('q='))?.split('=')[1] ?? 1);
    quality[format] = Math.max(quality[format], Number.isFinite(q) ? q : 0);
  }
  const best = Math.max(quality.jsonld, quality.turtle, quality.rdfxml);
  if (best === 0 || quality.jsonld === best) return 'jsonld';
  return quality.turtle === best ? 'turtle' : 'rdfxml';
}

const WRITERS: Record<TCatalogFormat, (graph: TDcatGraph) => AsyncGenerator<string>> = {
  jsonld: writeJsonLd,
  turtle: writeTurtle,
  rdfxml: writeRdfXml,
};

/**
 * Streams the triples in `?format=` when given, else in the format the Accept header prefers. The writers
 * work slice by slice and pass the event loop on in between, so a page of 1,000 offers never holds it.
 */
function send(request: FastifyRequest, reply: FastifyReply, graph: TDcatGraph, format: TCatalogFormat | undefined) {
  if (!format) reply.header('vary', 'accept');
  const chosen = format ?? preferredFormat(request.headers.accept);
  reply.type(`${CATALOG_FORMATS[chosen]}; charset=utf-8`);
  return reply.send(Readable.from(WRITERS[chosen](graph), { objectMode: false }));
}

/**
 * The catalogue as DCAT-AP for other portals to harvest: JSON-LD, Turtle or RDF/XML, chosen by `?format=`
 * or else by content negotiation.
 */
export const catalogExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogUrl = `${app.config.publicUrl}${catalogEndpoint.path}`;
  const offerPageUrl = (offerId: string) => `${app.config.publicUrl}/offer/details/${encodeURIComponent(offerId)}`;

  const contextOf = (request: FastifyRequest): TCatalogExportContext => ({
    db: app.database.db,
    catalogUrl,
    offerPageUrl,
    viewer: { userId: request.user.id, db: app.database.db },
  });

  registerEndpoint(app, catalogEndpoint, {
    handler: async (request, reply) => {
      const { page, pageSize, format } = request.query;
      return send(request, reply, await getCatalogPage({ ...contextOf(request), page, pageSize }), format);
    },
  });

  registerEndpoint(app, catalogOfferEndpoint, {
    handler: async (request, reply) =>
      send(
        request,
        reply,
        await getCatalogOffer({ ...contextOf(request), id: request.params.id }),
        request.query.format,
      ),
  });
};
