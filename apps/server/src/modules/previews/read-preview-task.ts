import type { MessagePort } from 'node:worker_threads';
import type { TPreviewFormat } from '@dsm/contracts';
import { serveTasks } from '../../lib/worker-pool/serve-tasks';
import { PreviewFailure, type TPreviewFailureReason } from './preview-failure';
import { previewOfSource } from './preview-of-source';
import type { TSource } from './read-source';
import { sourceOverPort } from './source-over-port';

/** What a preview thread is asked: to read a source the main thread fetched. */
export type TReadPreviewTask = {
  /** The source served over a port as the thread reads it (serveSourceOverPort), or a workbook read whole. */
  source: { port: MessagePort; contentLength: number | null } | { bytes: Uint8Array };
  format: TPreviewFormat;
  maxBytes: number;
  fetchedAt: string;
};

/**
 * What a preview thread answers: the preview's JSON as UTF-8 bytes (in a buffer of their own, which moves to the
 * main thread), or the preview failure it met (errors cross threads as text only).
 */
export type TReadPreviewResult = { json: Uint8Array } | { failure: { reason: TPreviewFailureReason; message: string } };

/** A source already read whole, as one chunk. */
function wholeSource(bytes: Uint8Array): TSource {
  return {
    contentLength: bytes.byteLength,
    chunks: (async function* () {
      yield bytes;
    })(),
    hitLimit: false,
    close: () => {},
  };
}

// Run as a thread of a preview pool (read-preview.ts).
serveTasks(
  async (task: TReadPreviewTask): Promise<TReadPreviewResult> => {
    const source =
      'port' in task.source
        ? sourceOverPort(task.source.port, task.source.contentLength)
        : wholeSource(task.source.bytes);
    try {
      const preview = await previewOfSource(source, task);
      // TextEncoder gives a buffer of its own; Buffer.from may give a view on a shared pool, which cannot move.
      return { json: new TextEncoder().encode(JSON.stringify(preview)) };
    } catch (error) {
      if (error instanceof PreviewFailure) return { failure: { reason: error.reason, message: error.message } };
      throw error;
    } finally {
      source.close();
    }
  },
  (result) => ('json' in result ? [result.json.buffer as ArrayBuffer] : []),
);
