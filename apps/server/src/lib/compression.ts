import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Compresses the API's JSON answers (brotli or gzip, as the client accepts): a results page of 100
 * offers is about 230 KB of JSON and about a tenth of that compressed, which on a phone's slow
 * connection is most of the time until the results show (docs/performance.md). Brotli runs at
 * quality 4, fast enough per request; the web app's files are compressed ahead of time instead
 * (they arrive with Content-Encoding set, which this leaves alone).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: MIN_COMPRESSED_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
