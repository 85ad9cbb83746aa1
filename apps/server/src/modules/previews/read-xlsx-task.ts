import { serveTasks } from '../../lib/worker-pool/serve-tasks';
import { PreviewFailure, type TPreviewFailureReason } from './preview-failure';
import { readXlsx } from './read-xlsx';
import type { TTable } from './table';

/** What a workbook thread answers: the table, or the preview failure it met (errors cross threads as text only). */
export type TReadXlsxResult = { table: TTable } | { failure: { reason: TPreviewFailureReason; message: string } };

// Run as a thread of the workbook pool (read-xlsx-on-thread.ts).
serveTasks(async (bytes: Uint8Array): Promise<TReadXlsxResult> => {
  try {
    return { table: await readXlsx(bytes) };
  } catch (error) {
    if (error instanceof PreviewFailure) return { failure: { reason: error.reason, message: error.message } };
    throw error;
  }
});
