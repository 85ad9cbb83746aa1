import { parentPort, type Transferable } from 'node:worker_threads';
import type { TTaskMessage, TTaskReply } from './worker-pool';

/**
 * In a pool thread: answers each task with what `handler` returns, one task at a time (the pool sends a
 * thread one task at a time anyway). A thrown error travels as its message; a task module that must tell
 * kinds of failure apart returns them as values instead. `transferOf` names the buffers of a result that move
 * to the main thread instead of being copied (a large answer as bytes costs the main thread no garbage).
 */
export function serveTasks<TTask, TResult>(
  handler: (task: TTask) => TResult | Promise<TResult>,
  transferOf: (result: TResult) => readonly Transferable[] = () => [],
): void {
  parentPort?.on('message', async ({ id, task }: TTaskMessage) => {
    try {
      const result = await handler(task as TTask);
      parentPort?.postMessage({ id, result } satisfies TTaskReply, [...transferOf(result)]);
    } catch (error) {
      parentPort?.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies TTaskReply);
    }
  });
}
