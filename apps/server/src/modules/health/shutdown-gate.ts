import { ErrorCode } from '@dsm/contracts';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../lib/error-handler';

/** What a caller reads when its request arrives while the server stops. */
export const SHUTTING_DOWN_MESSAGE = 'The server is restarting; retry in a few seconds';

/**
 * While the server stops, a request that still arrives on an open keep-alive connection is
 * refused with 503, the common error body and Retry-After, and its connection closed, so the
 * client retries on another instance (Fastify's own 503 at this point has a body of its own).
 * Requests already in flight are not touched: they finish.
 */
export function registerShutdownGate(app: FastifyInstance): void {
  let isStopping = false;
  app.addHook('preClose', async () => {
    isStopping = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isStopping) return;
    reply.header('connection', 'close');
    return sendError(reply, request, ErrorCode.SERVICE_UNAVAILABLE, SHUTTING_DOWN_MESSAGE);
  });
}
