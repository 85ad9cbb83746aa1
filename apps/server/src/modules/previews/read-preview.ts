import { MessageChannel } from 'node:worker_threads';
import type { TPreviewFormat } from '@dsm/contracts';
import type { TOutboundPolicy } from '../../lib/outbound/outbound-policy';
import { createWorkerPool, type TWorkerPool } from '../../lib/worker-pool/worker-pool';
import { PreviewFailure } from './preview-failure';
import type { TReadPreviewResult, TReadPreviewTask } from './read-preview-task';
import { openSource, readWhole } from './read-source';
import { serveSourceOverPort } from './source-over-port';

export type TReadPreviewOptions = {
  policy: TOutboundPolicy;
  url: string;
  format: TPreviewFormat;
  maxBytes: number;
  timeoutMs: number;
  now: () => Date;
};

/**
 * Previews are read on threads of their own, and only their finished JSON comes back, as bytes. Parsing a source
 * and holding its rows or features made an object graph as large as the source (PREVIEW_MAX_BYTES): on the main
 * thread, collecting it paused every other request for 50 ms and more. A workbook takes seconds of CPU (ExcelJS
 * reads it whole), so workbooks are downloaded first and then wait in line for a thread of their own, each holding
 * at most PREVIEW_MAX_BYTES; text sources (CSV, TSV, JSON, GeoJSON) go to their thread chunk by chunk as it asks,
 * so reading stops after the rows shown, and have two threads, so they never wait behind a workbook.
 */
const entry = new URL('./read-preview-task.ts', import.meta.url);
const workbookPool = createWorkerPool({ entry, size: 1, name: 'workbook preview' });
const textPool = createWorkerPool({ entry, size: 2, name: 'preview' });

const poolFor = (format: TPreviewFormat): TWorkerPool => (format === 'XLSX' ? workbookPool : textPool);

/**
 * The JSON of the first rows (or GeoJSON features) of one source, as UTF-8 bytes: the source is fetched here,
 * through the outbound address policy and within the time and byte limits, and read on a preview thread.
 */
export async function readPreview(options: TReadPreviewOptions): Promise<Buffer> {
  const source = await openSource(options);
  const fetchedAt = options.now().toISOString();
  const pool = poolFor(options.format);
  if (options.format === 'XLSX') {
    // Downloaded before it waits in line for the workbook thread, so the time limit counts the download only.
    const bytes = await readWhole(source, options.maxBytes);
    // A view on part of a larger buffer is copied first: only a whole buffer can move.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    const task: TReadPreviewTask = { source: { bytes: own }, format: 'XLSX', maxBytes: options.maxBytes, fetchedAt };
    return answerOf(await pool.run<TReadPreviewResult>(task, [own.buffer as ArrayBuffer]));
  }
  const { port1, port2 } = new MessageChannel();
  const serving = serveSourceOverPort(source, port1);
  try {
    const task: TReadPreviewTask = {
      source: { port: port2, contentLength: source.contentLength },
      format: options.format,
      maxBytes: options.maxBytes,
      fetchedAt,
    };
    return answerOf(await pool.run<TReadPreviewResult>(task, [port2]));
  } finally {
    source.close();
    port1.close();
    await serving;
  }
}

function answerOf(result: TReadPreviewResult): Buffer {
  if ('failure' in result) throw new PreviewFailure(result.failure.reason, result.failure.message);
  return Buffer.from(result.json.buffer, result.json.byteOffset, result.json.byteLength);
}

/** Workbooks a preview thread has read: tells tests that they were read off the main thread. */
export const workbooksReadOnThread = (): number => workbookPool.completed;

/** Text sources (CSV, TSV, JSON, GeoJSON) a preview thread has read: tells tests where they were read. */
export const textsReadOnThread = (): number => textPool.completed;
