import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a load balancer passes its request id in, and the server answers with. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming request id may be: up to 128 letters, digits and `._:-` (UUIDs, HAProxy's `%ID` formats,
 * trace ids). Anything else (too long, spaces, quotes, control characters) would let a client write into the
 * log lines of others or make them unreadable, and is replaced.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A request's id: the one the load balancer sent in `X-Request-Id` when it is safe, so its log and the server's
 * share it; otherwise a new UUID. Fastify's `genReqId`.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
