import { ErrorCode } from '@dsm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { createTokenVerifier, type TAuthUser } from './verify-access-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set on every guarded route, absent on open ones. */
    user: TAuthUser;
  }
}

/**
 * Paths under the guarded prefixes that stay open: the API documentation, and the unsubscribe link of alert
 * mails, whose unguessable token stands in for a session.
 */
const OPEN_PREFIXES = ['/api/docs', '/api/unsubscribe'];
const GUARDED_PREFIXES = ['/api/', '/idp-service/'];

/** True when a request path needs a signed-in user with the product role. */
export function isGuardedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  const normalised = path === '/api' || path === '/idp-service' ? `${path}/` : path;
  if (OPEN_PREFIXES.some((prefix) => normalised === prefix || normalised.startsWith(`${prefix}/`))) return false;
  return GUARDED_PREFIXES.some((prefix) => normalised.startsWith(prefix));
}

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

function readBearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw new AppError(ErrorCode.UNAUTHORIZED, 'Sign in: the request carries no bearer token');
  const match = BEARER.exec(header.trim());
  if (!match?.[1])
    throw new AppError(ErrorCode.UNAUTHORIZED, 'The Authorization header must be "Bearer <access token>"');
  return match[1];
}

/**
 * The one place that guards the API: every `/api/*` and `/idp-service/*` route needs a valid
 * access token carrying the product role (`${PRODUCT_ID}_USER`); health and the API docs stay open.
 * Runs before the body is read, so a caller without a token costs no parsing. Every guarded answer,
 * refusals included, goes out with `Cache-Control: no-store` unless its route chose a policy.
 */
export async function registerAuthGuard(app: FastifyInstance): Promise<void> {
  const verify = createTokenVerifier({ config: app.config, db: app.database.db });
  const role = app.config.userRole;
  app.decorateRequest('user', null as unknown as TAuthUser);
  app.addHook('onRequest', async (request, reply) => {
    // Judge the route the router matched, not the raw URL: the router decodes percent-escapes, so /%61pi/orders
    // runs the handler of /api/orders although its URL does not start with /api/. Without a route (a 404) the
    // URL is all there is.
    if (!isGuardedPath(request.routeOptions.url ?? request.url)) return;
    try {
      const user = await verify(readBearer(request));
      if (!user.roles.includes(role)) {
        throw new AppError(ErrorCode.FORBIDDEN, `The role ${role} is required`);
      }
      request.user = user;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.UNAUTHORIZED) {
        reply.header('www-authenticate', `Bearer realm="${app.config.productId}", error="invalid_token"`);
      }
      throw error;
    }
  });
  // Guarded answers are one user's (orders, invoices, likes, deliveries) or name why they were refused:
  // no browser or proxy cache may keep them for the next person at the same machine or behind the same proxy.
  // A route that sets a policy of its own (an invoice PDF's `private, no-store`) keeps it.
  app.addHook('onSend', async (request, reply) => {
    if (!isGuardedPath(request.routeOptions.url ?? request.url)) return;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
