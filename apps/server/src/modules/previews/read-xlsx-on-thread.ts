import { createWorkerPool, type TWorkerPool } from '../../lib/worker-pool/worker-pool';
import { PreviewFailure } from './preview-failure';
import type { TReadXlsxResult } from './read-xlsx-task';
import type { TTable } from './table';

/**
 * Workbooks are read on a thread of their own: ExcelJS unzips and parses a whole workbook at once, seconds of
 * CPU for one at PREVIEW_MAX_BYTES, which on the main thread every other request would wait for. One workbook
 * is read at a time; further previews wait in line, each holding at most PREVIEW_MAX_BYTES.
 */
let pool: TWorkerPool | null = null;

/** `readXlsx` on the workbook thread; the bytes move to the thread and are no longer usable here. */
export async function readXlsxOnThread(bytes: Uint8Array): Promise<TTable> {
  pool ??= createWorkerPool({
    entry: new URL('./read-xlsx-task.ts', import.meta.url),
    size: 1,
    name: 'workbook preview',
  });
  // A view on part of a larger buffer is copied first: only a whole buffer can move.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const result = await pool.run<TReadXlsxResult>(own, [own.buffer as ArrayBuffer]);
  if ('failure' in result) throw new PreviewFailure(result.failure.reason, result.failure.message);
  return result.table;
}

/** Workbooks the thread has read: tells tests that they were read off the main thread. */
export const workbooksReadOnThread = (): number => pool?.completed ?? 0;
