import { parentPort } from 'node:worker_threads';
import type { TTaskMessage, TTaskReply } from './worker-pool';

/**
 * In a pool thread: answers each task with what `handler` returns, one task at a time (the pool sends a
 * thread one task at a time anyway). A thrown error travels as its message; a task module that must tell
 * kinds of failure apart returns them as values instead.
 */
export function serveTasks<TTask, TResult>(handler: (task: TTask) => TResult | Promise<TResult>): void {
  parentPort?.on('message', async ({ id, task }: TTaskMessage) => {
    try {
      parentPort?.postMessage({ id, result: await handler(task as TTask) } satisfies TTaskReply);
    } catch (error) {
      parentPort?.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies TTaskReply);
    }
  });
}
