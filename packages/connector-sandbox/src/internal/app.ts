import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import { HttpError } from './http-errors';
import { Negotiations } from './negotiations';
import { dspRoutes } from './routes/dsp';
import { federatedCatalogRoutes } from './routes/federated-catalog';
import { healthRoutes } from './routes/health';
import { authenticate, type ManagementApiVersion, managementRoutes } from './routes/management';
import { publicRoutes } from './routes/public';
import { versionRoutes } from './routes/version';
import { Transfers } from './transfers';

/** The path of each address under the sandbox's one HTTP server. */
export const ADDRESS_PATHS = {
  default: '/api',
  protocol: '/protocol',
  management: '/management',
  control: '/control',
  public: '/public',
  federatedCatalog: '/catalog',
  version: '/.well-known/version',
} as const;

/**
 * Builds the sandbox's Fastify app: every address is a path prefix of one server, below `basePath` when one is given
 * (so several connectors can share a host name and be told apart by their URL's last segment).
 */
export function buildSandboxApp(
  context: SandboxContext,
  options: { logger: boolean; basePath?: string; managementApiVersions: ManagementApiVersion[] },
): FastifyInstance {
  const base = options.basePath ?? '';
  const app = Fastify({ logger: options.logger, forceCloseConnections: true });

  // Connectors send JSON-LD as application/json or application/ld+json, and empty bodies with a JSON content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'InvalidRequest', 'the body is not valid JSON'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body());
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return reply
      .status(status)
      .send([{ message: error.message, type: status >= 500 ? 'InternalError' : 'InvalidRequest' }]);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send([{ message: `No route for ${request.method} ${request.url}`, type: 'ObjectNotFound' }]),
  );

  const negotiations = new Negotiations(context);
  const transfers = new Transfers(context);
  for (const version of options.managementApiVersions) {
    app.register(managementRoutes(context, negotiations, transfers, version), {
      prefix: base + ADDRESS_PATHS.management,
    });
  }
  app.register(
    versionRoutes(options.managementApiVersions, (headers) =>
      authenticate(
        context,
        headers['x-api-key'],
        typeof headers.authorization === 'string' ? headers.authorization : undefined,
      ),
    ),
    { prefix: base + ADDRESS_PATHS.version },
  );
  app.register(dspRoutes(context, negotiations, transfers, { isVersionRoot: true }), {
    prefix: base + ADDRESS_PATHS.protocol,
  });
  app.register(dspRoutes(context, negotiations, transfers, { isVersionRoot: false }), {
    prefix: `${base}${ADDRESS_PATHS.protocol}/2025-1`,
  });
  app.register(publicRoutes(context), { prefix: base + ADDRESS_PATHS.public });
  app.register(healthRoutes(), { prefix: base + ADDRESS_PATHS.default });
  app.register(federatedCatalogRoutes(context), { prefix: base + ADDRESS_PATHS.federatedCatalog });
  return app;
}
