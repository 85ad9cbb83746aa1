import { appConfigEndpoint, ZAppConfig } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createProviderMetadataSource } from './provider-metadata';

/**
 * The web app's sign-in settings and the operator's details; open, since the app reads them before
 * anyone is signed in and the legal pages are open too. The issuer's endpoints come along, so the
 * app does not fetch the discovery document before it can sign in or refresh.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerMetadata = createProviderMetadataSource(app.config);
  app.route({
    method: appConfigEndpoint.method,
    url: appConfigEndpoint.path,
    schema: {
      tags: ['auth'],
      summary: 'Sign-in settings and operator details of the web app',
      response: { 200: ZAppConfig },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        issuer: app.config.issuer,
        clientId: app.config.oidcClientId,
        userRole: app.config.userRole,
        rolesClaim: app.config.oidcRolesClaim,
        isEmbeddedIdp: app.config.isEmbeddedIdp,
        operator: app.config.operator,
        metadata: providerMetadata.current(),
      };
    },
  });
};
