import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ErrorCode, ZOfferId } from '@dsm/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { createOutboundPolicy } from '../../lib/outbound/outbound-policy';
import { createSharedLimiter, takePoint } from '../../lib/shared-rate-limiter';
import { findApiEndpoint } from '../catalogue/find-api-endpoint';
import { recordUsage } from '../usage/record-usage';
import { authenticateApiKey } from './authenticate-api-key';
import { findGatewayCredential } from './find-gateway-credential';
import { forwardCall, GATEWAY_CACHE_CONTROL } from './forward-call';
import { gatewayUrlOf } from './present-api-key';

export type TGatewayRoutesOptions = {
  /** The clock entitlements are judged by; tests pass a controlled one. */
  now?: () => Date;
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The buyer's key: `X-API-Key`, else a bearer token. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/** The path after `/gateway/{offerId}` and the query, as the buyer sent them (escapes kept). */
function remainderOf(rawUrl: string): { remainder: string; query: string } {
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  const afterOffer = path.replace(/^\/gateway\/[^/]+/, '');
  return { remainder: afterOffer, query };
}

/**
 * `/gateway/{offerId}/...`: a buyer's call to an Api offer, authenticated by their personal key (not
 * by a sign-in), rate-limited per key, forwarded with the supplier's credential to the endpoint's base
 * URL through the gateway's address policy (GATEWAY_ALLOWED_HOSTS), streaming both ways, and metered:
 * every forwarded call appends a usage row with its status and the bytes the buyer received.
 */
export const gatewayRoutes: FastifyPluginAsync<TGatewayRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const { gateway } = app.config;
  const policy = createOutboundPolicy({
    purpose: 'API gateway',
    allowSetting: 'GATEWAY_ALLOWED_HOSTS',
    allowedHosts: gateway.allowedHosts,
  });
  // Counted in PostgreSQL: behind a load balancer, a key gets its limit once, not once per server process.
  const limiter =
    gateway.perMinute > 0
      ? createSharedLimiter({
          pool: app.database.pool,
          name: 'gateway',
          points: gateway.perMinute,
          durationSeconds: 60,
          isRefusedLocallyWhenOver: true,
        })
      : null;

  // The body is handed on as it arrives, whatever its type: nothing is parsed or held whole.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const handler = async (request: FastifyRequest<{ Params: { offerId: string } }>, reply: FastifyReply) => {
    const db = app.database.db;
    const offerId = request.params.offerId.toLowerCase();
    reply.header('cache-control', GATEWAY_CACHE_CONTROL);
    const { keyId, entitlement } = await authenticateApiKey({ db, secret: keyOf(request), offerId, now: now() });
    const seconds = limiter ? await takePoint(limiter, keyId) : null;
    if (seconds !== null) {
      reply.header('retry-after', String(seconds));
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `Too many calls with this API key: at most ${gateway.perMinute} a minute; retry in ${seconds} s`,
      );
    }
    const endpoint = await findApiEndpoint(db, offerId);
    if (!endpoint) throw new AppError(ErrorCode.NOT_FOUND, `The offer ${offerId} has no API endpoint`);
    const credential = await findGatewayCredential(db, { offerId, position: endpoint.position });

    const meter = (status: number, bytes: number, isComplete: boolean) =>
      recordUsage(db, {
        entitlementId: entitlement.id,
        offerId,
        userId: entitlement.userId,
        channel: 'api',
        succeeded: isComplete && status < 400,
        httpStatus: status,
        bytes,
      }).catch((error: unknown) => request.log.error({ err: error }, 'recording gateway usage failed'));

    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const { remainder, query } = remainderOf(request.raw.url ?? '');
    let forwarded: Awaited<ReturnType<typeof forwardCall>>;
    try {
      forwarded = await forwardCall({
        policy,
        baseUrl: endpoint.baseUrl,
        gatewayUrl: gatewayUrlOf(app.config.publicUrl, offerId),
        method: request.method,
        remainder,
        query,
        headers: request.headers,
        body: (request.body as Readable | undefined) ?? null,
        credential,
        timeoutMs: gateway.timeoutMs,
        signal: gone.signal,
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode >= 500) void meter(error.statusCode, 0, false);
      throw error;
    }

    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    // A response written to its end carried the whole upstream body: a break on either side destroys it.
    reply.raw.once('close', () => void meter(forwarded.status, bytes, reply.raw.writableFinished));
    reply.status(forwarded.status);
    for (const [name, value] of forwarded.headers) reply.header(name, value);
    if (!forwarded.body || request.method === 'HEAD') {
      await forwarded.body?.cancel().catch(() => {});
      return reply.send();
    }
    pipeline(Readable.fromWeb(forwarded.body as NodeReadableStream), counter).catch(() => {
      // The buyer went away or the supplier broke off: the call is metered as not succeeded.
    });
    return reply.send(counter);
  };

  for (const url of ['/gateway/:offerId', '/gateway/:offerId/*']) {
    app.route({
      method: [...METHODS],
      url,
      exposeHeadRoute: false,
      compress: false,
      schema: {
        tags: ['gateway'],
        summary: "Call an acquired Api offer's API with your personal API key",
        description:
          "Forwards the call (method, path after the offer id, query and body) to the supplier's API with the supplier's credential, and streams the answer back with its status and headers. The key goes in `X-API-Key` or as `Authorization: Bearer <key>`. 401 for a missing, unknown, rotated or revoked key or one of another offer; 403 when the acquisition ended; 429 over the per-key limit (GATEWAY_RATE_LIMIT a minute, see Retry-After); 502 when the supplier's API cannot be reached; 504 when it does not answer in time.",
        params: z.object({ offerId: ZOfferId }),
        hide: url === '/gateway/:offerId',
      },
      handler,
    });
  }
};
