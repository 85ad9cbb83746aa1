import { parentPort, Worker } from 'node:worker_threads';

type TRequest = { id: number; message: unknown };
type TResponse = { id: number; result?: unknown; error?: string } | { log: string };
type TPending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * A worker thread running TypeScript (through worker-boot.mjs) that answers requests one by one: each
 * `call` resolves with what the thread's handler returned, or rejects with its error's message.
 */
export class WorkerClient {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, TPending>();
  private nextId = 0;
  private isClosing = false;
  /** True once the thread has stopped: every call is refused from then on. */
  isGone = false;

  /** `onGone` is told when the thread stops without being closed (a crash). */
  constructor(entry: URL, data: Record<string, unknown>, log?: (line: string) => void, onGone?: () => void) {
    this.worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { ...data, entry: entry.href },
    });
    this.worker.on('message', (response: TResponse) => {
      if ('log' in response) {
        log?.(response.log);
        return;
      }
      const pending = this.waiting.get(response.id);
      if (!pending) return;
      this.waiting.delete(response.id);
      if (response.error !== undefined) pending.reject(new Error(response.error));
      else pending.resolve(response.result);
    });
    const failAll = (error: Error) => {
      for (const pending of this.waiting.values()) pending.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', failAll);
    this.worker.on('exit', (code) => {
      this.isGone = true;
      failAll(new Error(`the search index thread stopped (exit code ${code})`));
      if (!this.isClosing) onGone?.();
    });
  }

  /** Requests sent and not yet answered. */
  get pending(): number {
    return this.waiting.size;
  }

  call<T>(message: unknown): Promise<T> {
    if (this.isGone) return Promise.reject(new Error('the search index thread has stopped'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, message } satisfies TRequest);
    });
  }

  async close(): Promise<void> {
    this.isClosing = true;
    await this.worker.terminate();
  }
}

/** In a worker thread: answers each request with the handler's result, one request at a time. */
export function serveRequests(handler: (message: never) => unknown): void {
  let queue = Promise.resolve();
  parentPort?.on('message', ({ id, message }: TRequest) => {
    queue = queue.then(async () => {
      try {
        parentPort?.postMessage({ id, result: await handler(message as never) } satisfies TResponse);
      } catch (error) {
        parentPort?.postMessage({
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies TResponse);
      }
    });
  });
}

/** In a worker thread: a log line for the thread's owner. */
export function logToOwner(line: string): void {
  parentPort?.postMessage({ log: line } satisfies TResponse);
}
