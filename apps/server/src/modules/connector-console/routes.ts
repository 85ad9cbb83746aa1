import {
  connectorHealthEndpoint,
  consoleAssetCreateEndpoint,
  consoleAssetDeleteEndpoint,
  consoleAssetListEndpoint,
  consoleAssetUpdateEndpoint,
  consoleContractDefinitionCreateEndpoint,
  consoleContractDefinitionDeleteEndpoint,
  consoleContractDefinitionListEndpoint,
  consolePolicyDefinitionCreateEndpoint,
  consolePolicyDefinitionDeleteEndpoint,
  consolePolicyDefinitionListEndpoint,
  ZConnectorHealthResponse,
  ZConnectorParams,
  ZConsoleAsset,
  ZConsoleAssetCreateRequest,
  ZConsoleAssetListResponse,
  ZConsoleAssetUpdateRequest,
  ZConsoleContractDefinition,
  ZConsoleContractDefinitionCreateRequest,
  ZConsoleContractDefinitionListResponse,
  ZConsoleListQuery,
  ZConsoleObjectParams,
  ZConsolePolicyDefinition,
  ZConsolePolicyDefinitionCreateRequest,
  ZConsolePolicyDefinitionListResponse,
  ZErrorResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireConnectorOperator } from '../connectors/connector-operator-policy';
import { checkConnectorHealth } from './check-connector-health';
import { createConsoleContractDefinition } from './create-console-contract-definition';
import { createConsolePolicyDefinition } from './create-console-policy-definition';
import { consoleDataspaceRoutes } from './dataspace-routes';
import { deleteConsoleObject } from './delete-console-object';
import { listConsoleAssets } from './list-console-assets';
import { listConsoleContractDefinitions } from './list-console-contract-definitions';
import { listConsolePolicyDefinitions } from './list-console-policy-definitions';
import { saveConsoleAsset } from './save-console-asset';

/** Why a console call can fail, for the OpenAPI document. */
const CONSOLE_ERRORS = {
  400: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  502: ZErrorResponse,
  503: ZErrorResponse,
  504: ZErrorResponse,
} as const;

/** The connector console: operators manage a registered connector through its Management API. */
export const connectorConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every console call needs the operator role: one check for the whole plugin.
  app.addHook('preValidation', requireConnectorOperator);
  const db = () => app.database.db;
  await app.register(consoleDataspaceRoutes);

  app.route({
    method: connectorHealthEndpoint.method,
    url: connectorHealthEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: "A connector's four health checks (operators)",
      params: ZConnectorParams,
      response: { 200: ZConnectorHealthResponse, ...CONSOLE_ERRORS },
    },
    handler: async (request) => checkConnectorHealth(db(), request.params.connectorId),
  });

  app.route({
    method: consoleAssetListEndpoint.method,
    url: consoleAssetListEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: "One page of a connector's assets (operators)",
      params: ZConnectorParams,
      querystring: ZConsoleListQuery,
      response: { 200: ZConsoleAssetListResponse, ...CONSOLE_ERRORS },
    },
    handler: async (request) => listConsoleAssets(db(), request.params.connectorId, request.query),
  });

  app.route({
    method: consoleAssetCreateEndpoint.method,
    url: consoleAssetCreateEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: 'Create an asset with an HttpData address (operators)',
      params: ZConnectorParams,
      body: ZConsoleAssetCreateRequest,
      response: { 201: ZConsoleAsset, ...CONSOLE_ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await saveConsoleAsset(db(), request.params.connectorId, request.body, true)),
  });

  app.route({
    method: consoleAssetUpdateEndpoint.method,
    url: consoleAssetUpdateEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: "Replace an asset's properties and HttpData address (operators)",
      params: ZConsoleObjectParams,
      body: ZConsoleAssetUpdateRequest,
      response: { 200: ZConsoleAsset, ...CONSOLE_ERRORS },
    },
    handler: async (request) =>
      saveConsoleAsset(db(), request.params.connectorId, { ...request.body, id: request.params.objectId }, false),
  });

  app.route({
    method: consoleAssetDeleteEndpoint.method,
    url: consoleAssetDeleteEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: 'Delete an asset (operators)',
      params: ZConsoleObjectParams,
      response: { 204: z.null(), ...CONSOLE_ERRORS },
    },
    handler: async (request, reply) => {
      await deleteConsoleObject(db(), request.params.connectorId, 'assets', request.params.objectId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: consolePolicyDefinitionListEndpoint.method,
    url: consolePolicyDefinitionListEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: "A connector's policy definitions (operators)",
      params: ZConnectorParams,
      response: { 200: ZConsolePolicyDefinitionListResponse, ...CONSOLE_ERRORS },
    },
    handler: async (request) => listConsolePolicyDefinitions(db(), request.params.connectorId),
  });

  app.route({
    method: consoleContractDefinitionListEndpoint.method,
    url: consoleContractDefinitionListEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: "A connector's contract definitions (operators)",
      params: ZConnectorParams,
      response: { 200: ZConsoleContractDefinitionListResponse, ...CONSOLE_ERRORS },
    },
    handler: async (request) => listConsoleContractDefinitions(db(), request.params.connectorId),
  });

  app.route({
    method: consoleContractDefinitionCreateEndpoint.method,
    url: consoleContractDefinitionCreateEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: 'Create a contract definition (operators)',
      params: ZConnectorParams,
      body: ZConsoleContractDefinitionCreateRequest,
      response: { 201: ZConsoleContractDefinition, ...CONSOLE_ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createConsoleContractDefinition(db(), request.params.connectorId, request.body)),
  });

  app.route({
    method: consoleContractDefinitionDeleteEndpoint.method,
    url: consoleContractDefinitionDeleteEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: 'Delete a contract definition (operators)',
      params: ZConsoleObjectParams,
      response: { 204: z.null(), ...CONSOLE_ERRORS },
    },
    handler: async (request, reply) => {
      await deleteConsoleObject(db(), request.params.connectorId, 'contractDefinitions', request.params.objectId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: consolePolicyDefinitionCreateEndpoint.method,
    url: consolePolicyDefinitionCreateEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: 'Create a policy definition from ODRL rules or raw ODRL JSON-LD (operators)',
      params: ZConnectorParams,
      body: ZConsolePolicyDefinitionCreateRequest,
      response: { 201: ZConsolePolicyDefinition, ...CONSOLE_ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createConsolePolicyDefinition(db(), request.params.connectorId, request.body)),
  });

  app.route({
    method: consolePolicyDefinitionDeleteEndpoint.method,
    url: consolePolicyDefinitionDeleteEndpoint.path,
    schema: {
      tags: ['connector console'],
      summary: 'Delete a policy definition (operators); 409 while a contract definition uses it',
      params: ZConsoleObjectParams,
      response: { 204: z.null(), ...CONSOLE_ERRORS },
    },
    handler: async (request, reply) => {
      await deleteConsoleObject(db(), request.params.connectorId, 'policyDefinitions', request.params.objectId);
      return reply.status(204).send(null);
    },
  });
};
