import type { FastifyInstance } from 'fastify';
import { sendDatabaseUnavailable } from '../../lib/error-handler';

/** Paths that read or write the database: the API, the order service and the identity provider. */
const DATABASE_PREFIXES = ['/api/', '/idp-service/', '/idp/'];
/** Served without the database. */
const OPEN_PREFIXES = ['/api/docs'];

/** True when answering the path needs PostgreSQL. */
export function needsDatabase(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (OPEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  return DATABASE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * While an outage of PostgreSQL is confirmed, requests that need it are refused at once with 503
 * and Retry-After instead of each waiting for a connection timeout; the web app's static files,
 * /healthz and the API docs are still served. The gate opens by itself when a probe succeeds.
 */
export function registerDatabaseGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (app.database.availability.isAvailable() || !needsDatabase(request.url)) return;
    return sendDatabaseUnavailable(reply, request);
  });
}
