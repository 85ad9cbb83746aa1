import {
  connectorListEndpoint,
  connectorOffersEndpoint,
  connectorOfferUploadEndpoint,
  connectorRegisterEndpoint,
  connectorRemoveEndpoint,
  registeredConnectorListEndpoint,
  ZConnectorListResponse,
  ZConnectorOfferListResponse,
  ZConnectorOfferUploadRequest,
  ZConnectorOfferUploadResponse,
  ZConnectorParams,
  ZConnectorRegistrationRequest,
  ZErrorResponse,
  ZRegisteredConnector,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireConnectorOperator } from './connector-operator-policy';
import { listConnectorOffers } from './list-connector-offers';
import { listConnectors } from './list-connectors';
import { listRegisteredConnectors } from './list-registered-connectors';
import { registerConnector } from './register-connector';
import { removeConnector } from './remove-connector';
import { uploadConnectorOffer } from './upload-connector-offer';

/** Why a connector call can fail, for the OpenAPI document. */
const CONNECTOR_ERRORS = {
  400: ZErrorResponse,
  404: ZErrorResponse,
  502: ZErrorResponse,
  503: ZErrorResponse,
  504: ZErrorResponse,
} as const;

export const connectorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: connectorListEndpoint.method,
    url: connectorListEndpoint.path,
    schema: {
      tags: ['connectors'],
      summary: 'The connectors the marketplace knows',
      description: "Name and URL of each connector, by name; a connector's id is the last path segment of its URL.",
      response: { 200: ZConnectorListResponse },
    },
    handler: async () => listConnectors(app.database.readDb),
  });

  app.route({
    method: connectorOffersEndpoint.method,
    url: connectorOffersEndpoint.path,
    schema: {
      tags: ['connectors'],
      summary: "A connector's offers, mapped from its contract definitions",
      description:
        "Reads the contract definitions, the assets each selects and the policy definitions from the connector's management API. 404 for an unknown connector, 503 when it cannot be reached, 504 when it does not answer within CONNECTOR_TIMEOUT_MS, 502 when it answers with a failure or with something that is not a Management API answer. The data address of an asset the marketplace published for a paid offer is withheld (`isAccessRestricted`) unless the caller supplies the offer or holds an active entitlement to it.",
      params: ZConnectorParams,
      response: { 200: ZConnectorOfferListResponse, ...CONNECTOR_ERRORS },
    },
    handler: async (request) =>
      listConnectorOffers({ db: app.database.db, connectorId: request.params.connectorId, userId: request.user.id }),
  });

  app.route({
    method: connectorOfferUploadEndpoint.method,
    url: connectorOfferUploadEndpoint.path,
    schema: {
      tags: ['connectors'],
      summary: 'Upload a connector offer into the catalogue',
      description:
        'Reads the named offer from the connector and creates a catalogue offer from it, found by search at once. The same connector offer always gets the same catalogue id: uploading it again answers 409 naming that offer.',
      body: ZConnectorOfferUploadRequest,
      response: { 201: ZConnectorOfferUploadResponse, ...CONNECTOR_ERRORS, 409: ZErrorResponse },
    },
    handler: async (request, reply) => {
      const created = await uploadConnectorOffer(app.database.db, request.body);
      return reply.status(201).send(created);
    },
  });

  app.route({
    method: registeredConnectorListEndpoint.method,
    url: registeredConnectorListEndpoint.path,
    preValidation: requireConnectorOperator,
    schema: {
      tags: ['connectors'],
      summary: 'The registered connectors with their addresses (operators)',
      response: { 200: z.array(ZRegisteredConnector), 403: ZErrorResponse },
    },
    handler: async () => listRegisteredConnectors(app.database.db),
  });

  app.route({
    method: connectorRegisterEndpoint.method,
    url: connectorRegisterEndpoint.path,
    preValidation: requireConnectorOperator,
    schema: {
      tags: ['connectors'],
      summary: 'Register a connector (operators)',
      description:
        'Needs the operator role (PRODUCT_ID followed by _OPERATOR). The API key is stored encrypted (AES-256-GCM) and never shown back. 409 when the id (the last path segment of the URL) or the URL is taken.',
      body: ZConnectorRegistrationRequest,
      response: { 201: ZRegisteredConnector, 400: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse },
    },
    handler: async (request, reply) => {
      const connector = await registerConnector(app.database.db, request.body);
      return reply.status(201).send(connector);
    },
  });

  app.route({
    method: connectorRemoveEndpoint.method,
    url: connectorRemoveEndpoint.path,
    preValidation: requireConnectorOperator,
    schema: {
      tags: ['connectors'],
      summary: 'Remove a registered connector (operators)',
      description:
        'Needs the operator role (PRODUCT_ID followed by _OPERATOR). 404 for an unknown id, 409 for a demo sandbox.',
      params: ZConnectorParams,
      response: { 204: z.null(), 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
    },
    handler: async (request, reply) => {
      await removeConnector(app.database.db, request.params.connectorId);
      return reply.status(204).send(null);
    },
  });
};
