import { appConfigEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { createProviderMetadataSource } from './provider-metadata';

/**
 * The web app's sign-in settings and the operator's details; open, since the app reads them before
 * anyone is signed in and the legal pages are open too. The issuer's endpoints come along, so the
 * app does not fetch the discovery document before it can sign in or refresh.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerMetadata = createProviderMetadataSource(app.config);
  registerEndpoint(app, appConfigEndpoint, {
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
