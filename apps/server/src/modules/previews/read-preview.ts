import { MessageChannel } from 'node:worker_threads';
import type { TPreviewFormat } from '@dsm/contracts';
import type { TOutboundPolicy } from '../../lib/outbound/outbound-policy';
import { createWorkerPool, type TWorkerPool } from '../../lib/worker-pool/worker-pool';
import { PreviewFailure } from './preview-failure';
import type { TReadPreviewResult, TReadPreviewTask } from './read-preview-task';
import { openSource } from './read-source';
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
 * reads it whole), so workbooks have a thread of their own and wait in line for it, each holding at most
 * PREVIEW_MAX_BYTES; text sources (CSV, TSV, JSON, GeoJSON) read only their first rows and have two threads, so
 * they never wait behind a workbook.
 */
let workbookPool: TWorkerPool | null = null;
let textPool: TWorkerPool | null = null;

const entry = new URL('./read-preview-task.ts', import.meta.url);

function poolFor(format: TPreviewFormat): TWorkerPool {
  if (format === 'XLSX') {
    workbookPool ??= createWorkerPool({ entry, size: 1, name: 'workbook preview' });
    return workbookPool;
  }
  textPool ??= createWorkerPool({ entry, size: 2, name: 'preview' });
  return textPool;
}

/**
 * The JSON of the first rows (or GeoJSON features) of one source, as UTF-8 bytes: the source is fetched here,
 * through the outbound address policy and within the time and byte limits, and read on a preview thread.
 */
export async function readPreview(options: TReadPreviewOptions): Promise<Buffer> {
  const source = await openSource(options);
  const fetchedAt = options.now().toISOString();
  const pool = poolFor(options.format);
  const { port1, port2 } = new MessageChannel();
  const serving = serveSourceOverPort(source, port1);
  try {
    const task: TReadPreviewTask = {
      port: port2,
      format: options.format,
      contentLength: source.contentLength,
      maxBytes: options.maxBytes,
      fetchedAt,
    };
    const result = await pool.run<TReadPreviewResult>(task, [port2]);
    if ('failure' in result) throw new PreviewFailure(result.failure.reason, result.failure.message);
    return Buffer.from(result.json.buffer, result.json.byteOffset, result.json.byteLength);
  } finally {
    source.close();
    port1.close();
    await serving;
  }
}

/** Workbooks a preview thread has read: tells tests that they were read off the main thread. */
export const workbooksReadOnThread = (): number => workbookPool?.completed ?? 0;

/** Text sources (CSV, TSV, JSON, GeoJSON) a preview thread has read: tells tests where they were read. */
export const textsReadOnThread = (): number => textPool?.completed ?? 0;
