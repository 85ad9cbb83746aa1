import { healthEndpoint, readyEndpoint, ZHealthResponse } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

const READY_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: healthEndpoint.method,
    url: healthEndpoint.path,
    schema: { tags: ['health'], summary: 'The process is up', response: { 200: ZHealthResponse } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    method: readyEndpoint.method,
    url: readyEndpoint.path,
    schema: {
      tags: ['health'],
      summary: 'The process can serve requests: the database answers',
      response: { 200: ZHealthResponse, 503: ZHealthResponse },
    },
    handler: async (_request, reply) => {
      const ping = sql`select 1`.execute(app.database.db);
      const timeout = new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref();
      });
      try {
        await Promise.race([ping, timeout]);
        return { status: 'ok' as const };
      } catch {
        reply.header('Retry-After', '5');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  });
};
