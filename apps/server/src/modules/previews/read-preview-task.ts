import type { MessagePort } from 'node:worker_threads';
import type { TPreviewFormat } from '@dsm/contracts';
import { serveTasks } from '../../lib/worker-pool/serve-tasks';
import { PreviewFailure, type TPreviewFailureReason } from './preview-failure';
import { previewOfSource } from './preview-of-source';
import { sourceOverPort } from './source-over-port';

/** What a preview thread is asked: to read the source the main thread serves over `port`. */
export type TReadPreviewTask = {
  port: MessagePort;
  format: TPreviewFormat;
  contentLength: number | null;
  maxBytes: number;
  fetchedAt: string;
};

/**
 * What a preview thread answers: the preview's JSON as UTF-8 bytes (in a buffer of their own, which moves to the
 * main thread), or the preview failure it met (errors cross threads as text only).
 */
export type TReadPreviewResult = { json: Uint8Array } | { failure: { reason: TPreviewFailureReason; message: string } };

// Run as a thread of a preview pool (read-preview.ts).
serveTasks(
  async (task: TReadPreviewTask): Promise<TReadPreviewResult> => {
    try {
      const source = sourceOverPort(task.port, task.contentLength);
      const preview = await previewOfSource(source, task);
      // TextEncoder gives a buffer of its own; Buffer.from may give a view on a shared pool, which cannot move.
      return { json: new TextEncoder().encode(JSON.stringify(preview)) };
    } catch (error) {
      if (error instanceof PreviewFailure) return { failure: { reason: error.reason, message: error.message } };
      throw error;
    } finally {
      task.port.close();
    }
  },
  (result) => ('json' in result ? [result.json.buffer as ArrayBuffer] : []),
);
