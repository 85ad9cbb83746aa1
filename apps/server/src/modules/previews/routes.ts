import { previewEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { getPreview } from './get-preview';
import { createPreviewService } from './preview-service';

export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPreviewService({ config: app.config });

  registerEndpoint(app, previewEndpoint, {
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
