import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEMO_FILE_LIST } from './ensure-demo-files';
import { DEMO_DATA_PATH } from './point-offer-at-demo-files';

const MEDIA_TYPES = new Map(DEMO_FILE_LIST.map((file) => [file.name, file.mediaType]));

/**
 * Serves the demo files under /demo-data/{file} as a publisher's download server would: Content-Type of the
 * format, Content-Length, ETag and Last-Modified, HEAD, conditional requests and byte ranges (which the link
 * checker uses to learn a file's size). Only the names of the demo files are served, and each only once written;
 * anything else is a 404.
 */
export async function demoDataRoutes(app: FastifyInstance, options: { dir: string }): Promise<void> {
  // Served as they lie, as a download server does: the length and byte ranges matter more to link checks, previews
  // and resumed downloads than the bytes compression would save. @fastify/compress leaves such requests alone.
  app.addHook('onRequest', async (request) => {
    request.headers['x-no-compression'] = '1';
  });
  await app.register(fastifyStatic, {
    root: options.dir,
    prefix: DEMO_DATA_PATH,
    // The files are written while the server starts: looked up per request, not listed once at registration.
    wildcard: true,
    allowedPath: (pathname) => MEDIA_TYPES.has(pathname.replace(/^\/+/, '')),
    index: false,
    dotfiles: 'deny',
    decorateReply: false,
    cacheControl: true,
    maxAge: '1h',
    setHeaders(response, filePath) {
      const mediaType = MEDIA_TYPES.get(path.basename(filePath));
      if (!mediaType) return;
      response.setHeader('content-type', mediaType.startsWith('text/') ? `${mediaType}; charset=utf-8` : mediaType);
    },
  });
}
