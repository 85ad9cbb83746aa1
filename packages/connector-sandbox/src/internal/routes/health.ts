import type { FastifyInstance } from 'fastify';

const HEALTHY = { isSystemHealthy: true, componentResults: [{ component: 'connector-sandbox', isHealthy: true }] };

/** The observability API on the default address. */
export function healthRoutes() {
  return async (app: FastifyInstance) => {
    for (const probe of ['health', 'liveness', 'readiness', 'startup']) app.get(`/check/${probe}`, async () => HEALTHY);
  };
}
