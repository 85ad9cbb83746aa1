import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  consoleAgreementListEndpoint,
  consoleCatalogEndpoint,
  consoleEdrDataEndpoint,
  consoleEdrListEndpoint,
  consoleNegotiationListEndpoint,
  consoleNegotiationStartEndpoint,
  consoleNegotiationTerminateEndpoint,
  consoleSecretCreateEndpoint,
  consoleSecretDeleteEndpoint,
  consoleSecretUpdateEndpoint,
  consoleTransferDeprovisionEndpoint,
  consoleTransferListEndpoint,
  consoleTransferStartEndpoint,
  consoleTransferTerminateEndpoint,
  ZConnectorParams,
  ZConsoleAgreementListResponse,
  ZConsoleCatalogRequest,
  ZConsoleCatalogResponse,
  ZConsoleEdrListResponse,
  ZConsoleNegotiation,
  ZConsoleNegotiationListResponse,
  ZConsoleNegotiationRequest,
  ZConsoleObjectParams,
  ZConsoleSecret,
  ZConsoleSecretCreateRequest,
  ZConsoleSecretUpdateRequest,
  ZConsoleTerminateRequest,
  ZConsoleTransfer,
  ZConsoleTransferListResponse,
  ZConsoleTransferRequest,
  ZErrorResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeConsoleProcess } from './change-console-process';
import { deleteConsoleObject } from './delete-console-object';
import {
  listConsoleAgreements,
  listConsoleEdrs,
  listConsoleNegotiations,
  listConsoleTransfers,
} from './list-console-processes';
import { readConsoleEdrData } from './read-console-edr-data';
import { requestConsoleCatalog } from './request-console-catalog';
import { saveConsoleSecret } from './save-console-secret';
import { startConsoleNegotiation } from './start-console-negotiation';
import { startConsoleTransfer } from './start-console-transfer';

const ERRORS = {
  400: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  502: ZErrorResponse,
  503: ZErrorResponse,
} as const;
const TAGS = ['connector console'];

/**
 * The console's data-space calls: catalog, negotiations, agreements, transfers, EDRs and secrets. Registered
 * inside the console plugin, so its operator check covers them.
 */
export const consoleDataspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.route({
    method: consoleCatalogEndpoint.method,
    url: consoleCatalogEndpoint.path,
    schema: {
      tags: TAGS,
      summary: "Another participant's catalog, asked for over DSP (operators)",
      params: ZConnectorParams,
      body: ZConsoleCatalogRequest,
      response: { 200: ZConsoleCatalogResponse, ...ERRORS },
    },
    handler: async (request) => requestConsoleCatalog(db(), request.params.connectorId, request.body),
  });

  app.route({
    method: consoleNegotiationListEndpoint.method,
    url: consoleNegotiationListEndpoint.path,
    schema: {
      tags: TAGS,
      summary: "A connector's contract negotiations (operators)",
      params: ZConnectorParams,
      response: { 200: ZConsoleNegotiationListResponse, ...ERRORS },
    },
    handler: async (request) => listConsoleNegotiations(db(), request.params.connectorId),
  });

  app.route({
    method: consoleNegotiationStartEndpoint.method,
    url: consoleNegotiationStartEndpoint.path,
    schema: {
      tags: TAGS,
      summary: 'Negotiate an offer from another participant’s catalog (operators)',
      params: ZConnectorParams,
      body: ZConsoleNegotiationRequest,
      response: { 201: ZConsoleNegotiation, ...ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await startConsoleNegotiation(db(), request.params.connectorId, request.body)),
  });

  app.route({
    method: consoleNegotiationTerminateEndpoint.method,
    url: consoleNegotiationTerminateEndpoint.path,
    schema: {
      tags: TAGS,
      summary: 'Terminate a negotiation with a reason (operators)',
      params: ZConsoleObjectParams,
      body: ZConsoleTerminateRequest,
      response: { 204: z.null(), ...ERRORS },
    },
    handler: async (request, reply) => {
      const { connectorId, objectId } = request.params;
      await changeConsoleProcess(db(), connectorId, {
        kind: 'terminateNegotiation',
        id: objectId,
        reason: request.body.reason,
      });
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: consoleAgreementListEndpoint.method,
    url: consoleAgreementListEndpoint.path,
    schema: {
      tags: TAGS,
      summary: "A connector's contract agreements (operators)",
      params: ZConnectorParams,
      response: { 200: ZConsoleAgreementListResponse, ...ERRORS },
    },
    handler: async (request) => listConsoleAgreements(db(), request.params.connectorId),
  });

  app.route({
    method: consoleTransferListEndpoint.method,
    url: consoleTransferListEndpoint.path,
    schema: {
      tags: TAGS,
      summary: "A connector's transfer processes (operators)",
      params: ZConnectorParams,
      response: { 200: ZConsoleTransferListResponse, ...ERRORS },
    },
    handler: async (request) => listConsoleTransfers(db(), request.params.connectorId),
  });

  app.route({
    method: consoleTransferStartEndpoint.method,
    url: consoleTransferStartEndpoint.path,
    schema: {
      tags: TAGS,
      summary: 'Start a transfer for an agreement (operators)',
      params: ZConnectorParams,
      body: ZConsoleTransferRequest,
      response: { 201: ZConsoleTransfer, ...ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await startConsoleTransfer(db(), request.params.connectorId, request.body)),
  });

  app.route({
    method: consoleTransferTerminateEndpoint.method,
    url: consoleTransferTerminateEndpoint.path,
    schema: {
      tags: TAGS,
      summary: 'Terminate a transfer with a reason (operators)',
      params: ZConsoleObjectParams,
      body: ZConsoleTerminateRequest,
      response: { 204: z.null(), ...ERRORS },
    },
    handler: async (request, reply) => {
      const { connectorId, objectId } = request.params;
      await changeConsoleProcess(db(), connectorId, {
        kind: 'terminateTransfer',
        id: objectId,
        reason: request.body.reason,
      });
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: consoleTransferDeprovisionEndpoint.method,
    url: consoleTransferDeprovisionEndpoint.path,
    schema: {
      tags: TAGS,
      summary: 'Deprovision a completed or terminated transfer (operators)',
      params: ZConsoleObjectParams,
      response: { 204: z.null(), ...ERRORS },
    },
    handler: async (request, reply) => {
      const { connectorId, objectId } = request.params;
      await changeConsoleProcess(db(), connectorId, { kind: 'deprovisionTransfer', id: objectId });
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: consoleEdrListEndpoint.method,
    url: consoleEdrListEndpoint.path,
    schema: {
      tags: TAGS,
      summary: "A connector's EDRs (operators)",
      params: ZConnectorParams,
      response: { 200: ZConsoleEdrListResponse, ...ERRORS },
    },
    handler: async (request) => listConsoleEdrs(db(), request.params.connectorId),
  });

  app.route({
    method: consoleEdrDataEndpoint.method,
    url: consoleEdrDataEndpoint.path,
    schema: {
      tags: TAGS,
      summary: "Download an EDR's data through the provider's public data plane (operators)",
      params: ZConsoleObjectParams,
      produces: ['application/octet-stream'],
      response: { 200: z.any().meta({ type: 'string', format: 'binary', description: 'The data' }), ...ERRORS },
    },
    handler: async (request, reply) => {
      const data = await readConsoleEdrData(db(), request.params.connectorId, request.params.objectId);
      reply.header('content-type', data.headers.get('content-type') ?? 'application/octet-stream');
      reply.header('content-disposition', 'attachment; filename="data"');
      reply.header('cache-control', 'no-store');
      return reply.send(Readable.fromWeb(data.body as NodeReadableStream<Uint8Array>));
    },
  });

  app.route({
    method: consoleSecretCreateEndpoint.method,
    url: consoleSecretCreateEndpoint.path,
    schema: {
      tags: TAGS,
      summary: "Store a secret in the connector's vault; the value is never shown back (operators)",
      params: ZConnectorParams,
      body: ZConsoleSecretCreateRequest,
      response: { 201: ZConsoleSecret, ...ERRORS },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await saveConsoleSecret(db(), request.params.connectorId, { ...request.body, isNew: true })),
  });

  app.route({
    method: consoleSecretUpdateEndpoint.method,
    url: consoleSecretUpdateEndpoint.path,
    schema: {
      tags: TAGS,
      summary: "Replace a secret's value (operators)",
      params: ZConsoleObjectParams,
      body: ZConsoleSecretUpdateRequest,
      response: { 200: ZConsoleSecret, ...ERRORS },
    },
    handler: async (request) =>
      saveConsoleSecret(db(), request.params.connectorId, {
        id: request.params.objectId,
        value: request.body.value,
        isNew: false,
      }),
  });

  app.route({
    method: consoleSecretDeleteEndpoint.method,
    url: consoleSecretDeleteEndpoint.path,
    schema: {
      tags: TAGS,
      summary: 'Delete a secret (operators)',
      params: ZConsoleObjectParams,
      response: { 204: z.null(), ...ERRORS },
    },
    handler: async (request, reply) => {
      await deleteConsoleObject(db(), request.params.connectorId, 'secrets', request.params.objectId);
      return reply.status(204).send(null);
    },
  });
};
