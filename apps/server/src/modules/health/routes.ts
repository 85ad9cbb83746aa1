import { healthEndpoint, readyEndpoint, ZHealthResponse } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { registerEndpoint } from '../../lib/register-endpoint';

const READY_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, healthEndpoint, {
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
      const { availability } = app.database;
      const notReady = () =>
        reply
          .header('Retry-After', '5')
          .status(503)
          .send({ status: 'unavailable' as const });
      // During a confirmed outage the probes decide; asking the pool again would only wait.
      if (!availability.isAvailable()) return notReady();
      let timer: NodeJS.Timeout | undefined;
      const ping = sql`select 1`.execute(app.database.db);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([ping, timeout]);
        return { status: 'ok' as const };
      } catch (error) {
        // A slow pool is not an outage; a probe on a connection of its own tells them apart.
        if (!availability.report(error)) void availability.probe();
        return notReady();
      } finally {
        clearTimeout(timer);
      }
    },
  });
};
