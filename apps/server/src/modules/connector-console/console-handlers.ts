import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TDb } from '../../db/database';
import { changeConsoleProcess } from './change-console-process';
import { deleteConsoleObject, type TConsoleObjectKind } from './delete-console-object';

/** What a handler reads of a request to one connector's console. */
type TConnectorRequest = { server: FastifyInstance; params: { connectorId: string } };

/** What a handler reads of a request to one object of a console (an asset, a negotiation, ...). */
type TObjectRequest = { server: FastifyInstance; params: { connectorId: string; objectId: string } };

/** The handler of a console endpoint that reads something of one connector (its health, a list): the use case's answer. */
export function readHandler<TAnswer>(read: (db: TDb, connectorId: string) => Promise<TAnswer>) {
  return async (request: TConnectorRequest): Promise<TAnswer> =>
    read(request.server.database.db, request.params.connectorId);
}

/** The handler of a console endpoint that creates or starts something from the body: 201 with what was made. */
export function createHandler<TBody, TAnswer>(create: (db: TDb, connectorId: string, body: TBody) => Promise<TAnswer>) {
  return async (request: TConnectorRequest & { body: TBody }, reply: FastifyReply) =>
    reply.status(201).send(await create(request.server.database.db, request.params.connectorId, request.body));
}

/** The handler of a console endpoint that deletes one object of a kind: 204 once the connector deleted it. */
export function deleteObjectHandler(kind: TConsoleObjectKind) {
  return async (request: TObjectRequest, reply: FastifyReply): Promise<void> => {
    await deleteConsoleObject(request.server.database.db, request.params.connectorId, kind, request.params.objectId);
    // Awaited until the answer is out: a handler resolving before that would have Fastify send a second one.
    await reply.status(204).send(null);
  };
}

/** The handler of a console endpoint that terminates a negotiation or a transfer with a reason: 204 once done. */
export function terminateProcessHandler(kind: 'terminateNegotiation' | 'terminateTransfer') {
  return async (request: TObjectRequest & { body: { reason: string } }, reply: FastifyReply): Promise<void> => {
    const { connectorId, objectId } = request.params;
    await changeConsoleProcess(request.server.database.db, connectorId, {
      kind,
      id: objectId,
      reason: request.body.reason,
    });
    await reply.status(204).send(null);
  };
}
