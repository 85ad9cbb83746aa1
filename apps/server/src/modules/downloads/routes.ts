import {
  downloadEndpoint,
  downloadLinkEndpoint,
  ErrorCode,
  type TErrorResponse,
  ZDownloadParams,
  ZErrorResponse,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { meterStream } from '../usage/meter-stream';
import { downloadKeysFrom } from './download-keys';
import { openDownload } from './open-download';
import { recordDownload } from './record-download';
import { requestDownloadLink } from './request-download-link';

/** Why a download can fail, for the OpenAPI document. */
const DOWNLOAD_ERRORS = {
  400: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  416: ZErrorResponse,
  502: ZErrorResponse,
  504: ZErrorResponse,
} as const;

/** Direct delivery: signed download links, and the downloads they open, streamed from the supplier's source. */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = downloadKeysFrom(app.database.db);

  registerEndpoint(app, downloadLinkEndpoint, {
    handler: async (request, reply) => {
      const link = await requestDownloadLink({
        db: app.database.db,
        keys,
        userId: request.user.id,
        offerId: request.params.id.toLowerCase(),
        endpoint: request.params.endpoint,
        publicUrl: app.config.publicUrl,
        ttlSeconds: app.config.downloads.linkTtlSeconds,
      });
      return reply.code(201).send(link);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: downloadEndpoint.path,
    // The bytes go out as the source sent them, so ranges and lengths stay true.
    compress: false,
    schema: {
      tags: ['downloads'],
      summary: 'Download the data of a link, streamed from the supplier’s source',
      description:
        'No session needed: the signed token is the credential. Range and If-Range are passed to the source, and its 206 with Content-Range comes back; HEAD answers the headers only. A changed, forged or expired token is a 403 naming the problem; a source that fails, answers an error or cannot be reached is a 502 (504 after DOWNLOAD_SOURCE_TIMEOUT_MS) whose message says what to do next. Every GET through an entitlement is metered as usage (channel download), failed and aborted ones too.',
      params: ZDownloadParams,
      produces: ['application/octet-stream'],
      response: {
        200: z.any().meta({ type: 'string', format: 'binary', description: 'The data, as the source serves it' }),
        206: z.any().meta({ type: 'string', format: 'binary', description: 'The requested range of the data' }),
        ...DOWNLOAD_ERRORS,
      },
    },
    handler: async (request, reply) => {
      const db = app.database.db;
      const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
      const opened = await openDownload({
        db,
        keys,
        token: request.params['*'],
        method,
        range: request.headers.range,
        ifRange: typeof request.headers['if-range'] === 'string' ? request.headers['if-range'] : undefined,
        timeoutMs: app.config.downloads.sourceTimeoutMs,
        log: request.log,
      });
      reply.headers(opened.headers);
      if (opened.status === 416) {
        if (method === 'GET') await recordDownload(db, opened.meter, { status: 416, bytes: 0, isComplete: false });
        const body: TErrorResponse = {
          statusCode: 416,
          code: ErrorCode.VALIDATION_FAILED,
          error: 'Range Not Satisfiable',
          message:
            'The requested range lies outside the file: ask for a range within its length, or for the whole file',
          requestId: request.id,
        };
        return reply.code(416).type('application/json; charset=utf-8').send(body);
      }
      reply.code(opened.status as 200 | 206);
      if (!opened.body) return reply.send();

      const body = meterStream({
        body: opened.body,
        response: reply.raw,
        onAbort: opened.abort,
        onClose: ({ bytes, isComplete }) =>
          recordDownload(db, opened.meter, { status: opened.status, bytes, isComplete }).catch((error: unknown) =>
            request.log.error({ err: error }, 'a download could not be metered'),
          ),
      });
      return reply.send(body);
    },
  });
};
