import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readSource } from '../data';
import { badRequest, forbidden, HttpError } from '../http-errors';

/** The public data plane: serves an asset's data to whoever holds a started pull transfer's EDR token. */
export function publicRoutes(context: SandboxContext) {
  const { store } = context;

  async function serve(request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) {
    const token = request.headers.authorization?.replace(/^Bearer /i, '');
    if (token === undefined || token === '') throw badRequest('Missing access token');
    const transferId = store.tokens.get(token);
    const transfer = transferId === undefined ? undefined : store.transfers.get(transferId);
    if (transfer === undefined || transfer.state !== 'STARTED') throw forbidden('Access token is expired or invalid');
    const asset = store.assets.get(transfer.assetId);
    if (asset === undefined) throw new HttpError(500, 'DataPlaneError', `asset ${transfer.assetId} no longer exists`);
    const queryStart = request.url.indexOf('?');
    const source = await readSource(context.fetch, asset.dataAddress, {
      path: request.params['*'] ?? '',
      query: queryStart === -1 ? '' : request.url.slice(queryStart + 1),
    });
    reply.header('content-type', source.contentType);
    if (typeof source.body === 'string') return reply.send(source.body);
    return reply.send(Readable.fromWeb(source.body as NodeReadableStream<Uint8Array>));
  }

  return async (app: FastifyInstance) => {
    app.get('/', serve);
    app.get('/*', serve);
  };
}
