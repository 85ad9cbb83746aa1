import { previewEndpoint, ZErrorResponse, ZPreview, ZPreviewParams, ZPreviewQuerystring } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPreview } from './get-preview';
import { createPreviewService } from './preview-service';

export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPreviewService({ config: app.config });

  app.route({
    method: previewEndpoint.method,
    url: previewEndpoint.path,
    schema: {
      tags: ['metadata'],
      summary: "The first rows of one endpoint's data: CSV, TSV, JSON, GeoJSON or XLSX",
      description:
        "Reads the endpoint's access URL on the server (the outbound address policy, PREVIEW_ALLOWED_HOSTS, at most PREVIEW_MAX_BYTES) and answers its first 100 rows or GeoJSON features with column names and guessed types; cached per source for PREVIEW_CACHE_MINUTES. A paid offer's endpoints are previewed for its supplier and entitled buyers; everyone else previews only those the supplier marked as a public sample (403 for the others). 415: a format the preview does not read; 413: a JSON, GeoJSON or XLSX file over the byte limit; 502: the source could not be reached, answered with an error or held something other than its format; 504: it did not answer in time.",
      params: ZPreviewParams,
      querystring: ZPreviewQuerystring,
      response: {
        200: ZPreview,
        400: ZErrorResponse,
        403: ZErrorResponse,
        404: ZErrorResponse,
        413: ZErrorResponse,
        415: ZErrorResponse,
        502: ZErrorResponse,
        504: ZErrorResponse,
      },
    },
    handler: async (request, reply) => {
      const json = await getPreview({
        db: app.database.db,
        service,
        offerId: request.params.id,
        endpoint: request.query.endpoint,
        userId: request.user.id,
      });
      // The preview thread wrote the contract's JSON already (a preview may be as large as its source, and
      // serialising it here held the event loop); the type provider only knows objects.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  });
};
