import { apiKeyCreateEndpoint, apiKeyListEndpoint, apiKeyRevokeEndpoint, apiKeyRotateEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';
import { rotateApiKey } from './rotate-api-key';

export type TApiKeyRoutesOptions = {
  /** The clock entitlements are judged by; tests pass a controlled one. */
  now?: () => Date;
};

/** A buyer's API keys of their acquired Api offers: list, create, rotate, revoke (the holder only). */
export const apiKeyRoutes: FastifyPluginAsyncZod<TApiKeyRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const publicUrl = app.config.publicUrl;

  registerEndpoint(app, apiKeyListEndpoint, {
    handler: async (request) =>
      listApiKeys({
        db: app.database.db,
        userId: request.user.id,
        offerId: request.params.offerId,
        now: now(),
        publicUrl,
      }),
  });

  registerEndpoint(app, apiKeyCreateEndpoint, {
    handler: async (request, reply) => {
      const issued = await createApiKey({
        db: app.database.db,
        userId: request.user.id,
        offerId: request.params.offerId,
        now: now(),
        publicUrl,
      });
      return reply.status(201).send(issued);
    },
  });

  registerEndpoint(app, apiKeyRotateEndpoint, {
    handler: async (request) =>
      rotateApiKey({
        db: app.database.db,
        userId: request.user.id,
        offerId: request.params.offerId,
        keyId: request.params.keyId,
        now: now(),
        publicUrl,
      }),
  });

  registerEndpoint(app, apiKeyRevokeEndpoint, {
    handler: async (request) =>
      revokeApiKey({
        db: app.database.db,
        userId: request.user.id,
        offerId: request.params.offerId,
        keyId: request.params.keyId,
        now: now(),
      }),
  });
};
