import {
  apiKeyCreateEndpoint,
  apiKeyListEndpoint,
  apiKeyRevokeEndpoint,
  apiKeyRotateEndpoint,
  ZApiKey,
  ZApiKeyIssued,
  ZApiKeyListResponse,
  ZApiKeyOfferParams,
  ZApiKeyParams,
  ZErrorResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';
import { rotateApiKey } from './rotate-api-key';

export type TApiKeyRoutesOptions = {
  /** The clock entitlements are judged by; tests pass a controlled one. */
  now?: () => Date;
};

const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** A buyer's API keys of their acquired Api offers: list, create, rotate, revoke (the holder only). */
export const apiKeyRoutes: FastifyPluginAsyncZod<TApiKeyRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const publicUrl = app.config.publicUrl;

  app.route({
    method: apiKeyListEndpoint.method,
    url: apiKeyListEndpoint.path,
    schema: {
      tags: ['gateway'],
      summary: 'Your API keys of an acquired Api offer, and its gateway URL',
      description:
        'The keys themselves are never shown again after creation or rotation; their prefixes tell them apart.',
      params: ZApiKeyOfferParams,
      response: { 200: ZApiKeyListResponse, ...errors },
    },
    handler: async (request) =>
      listApiKeys({
        db: app.database.db,
        userId: request.user.id,
        offerId: request.params.offerId,
        now: now(),
        publicUrl,
      }),
  });

  app.route({
    method: apiKeyCreateEndpoint.method,
    url: apiKeyCreateEndpoint.path,
    schema: {
      tags: ['gateway'],
      summary: 'Create your API key for an acquired Api offer (shown this once)',
      description:
        'Needs an active entitlement to the offer (403 otherwise). One key per acquisition is active at a time: 409 while one is; rotate or revoke it.',
      params: ZApiKeyOfferParams,
      response: { 201: ZApiKeyIssued, ...errors, 409: ZErrorResponse },
    },
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

  app.route({
    method: apiKeyRotateEndpoint.method,
    url: apiKeyRotateEndpoint.path,
    schema: {
      tags: ['gateway'],
      summary: 'Rotate one of your API keys: the old key stops working, the new one is shown this once',
      params: ZApiKeyParams,
      response: { 200: ZApiKeyIssued, ...errors, 409: ZErrorResponse },
    },
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

  app.route({
    method: apiKeyRevokeEndpoint.method,
    url: apiKeyRevokeEndpoint.path,
    schema: {
      tags: ['gateway'],
      summary: 'Revoke one of your API keys for good',
      params: ZApiKeyParams,
      response: { 200: ZApiKey, ...errors },
    },
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
