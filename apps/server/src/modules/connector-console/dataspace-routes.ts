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
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { changeConsoleProcess } from './change-console-process';
import { createHandler, deleteObjectHandler, readHandler, terminateProcessHandler } from './console-handlers';
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

/**
 * The console's data-space calls: catalog, negotiations, agreements, transfers, EDRs and secrets. Registered
 * inside the console plugin, so its operator check covers them.
 */
export const consoleDataspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  registerEndpoint(app, consoleCatalogEndpoint, {
    handler: async (request) => requestConsoleCatalog(db(), request.params.connectorId, request.body),
  });

  registerEndpoint(app, consoleNegotiationListEndpoint, { handler: readHandler(listConsoleNegotiations) });

  registerEndpoint(app, consoleNegotiationStartEndpoint, { handler: createHandler(startConsoleNegotiation) });

  registerEndpoint(app, consoleNegotiationTerminateEndpoint, {
    handler: terminateProcessHandler('terminateNegotiation'),
  });

  registerEndpoint(app, consoleAgreementListEndpoint, { handler: readHandler(listConsoleAgreements) });

  registerEndpoint(app, consoleTransferListEndpoint, { handler: readHandler(listConsoleTransfers) });

  registerEndpoint(app, consoleTransferStartEndpoint, { handler: createHandler(startConsoleTransfer) });

  registerEndpoint(app, consoleTransferTerminateEndpoint, { handler: terminateProcessHandler('terminateTransfer') });

  registerEndpoint(app, consoleTransferDeprovisionEndpoint, {
    handler: async (request, reply) => {
      const { connectorId, objectId } = request.params;
      await changeConsoleProcess(db(), connectorId, { kind: 'deprovisionTransfer', id: objectId });
      return reply.status(204).send(null);
    },
  });

  registerEndpoint(app, consoleEdrListEndpoint, { handler: readHandler(listConsoleEdrs) });

  registerEndpoint(app, consoleEdrDataEndpoint, {
    handler: async (request, reply) => {
      const data = await readConsoleEdrData(db(), request.params.connectorId, request.params.objectId);
      reply.header('content-type', data.headers.get('content-type') ?? 'application/octet-stream');
      reply.header('content-disposition', 'attachment; filename="data"');
      reply.header('cache-control', 'no-store');
      return reply.send(Readable.fromWeb(data.body as NodeReadableStream<Uint8Array>));
    },
  });

  registerEndpoint(app, consoleSecretCreateEndpoint, {
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await saveConsoleSecret(db(), request.params.connectorId, { ...request.body, isNew: true })),
  });

  registerEndpoint(app, consoleSecretUpdateEndpoint, {
    handler: async (request) =>
      saveConsoleSecret(db(), request.params.connectorId, {
        id: request.params.objectId,
        value: request.body.value,
        isNew: false,
      }),
  });

  registerEndpoint(app, consoleSecretDeleteEndpoint, { handler: deleteObjectHandler('secrets') });
};
