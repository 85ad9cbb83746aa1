import { availableParallelism } from 'node:os';
import { type Transferable, Worker } from 'node:worker_threads';

/** A task as the pool sends it to a thread. */
export type TTaskMessage = { id: number; task: unknown };
/** A thread's answer: the result, or the message of the error the task threw. */
export type TTaskReply = { id: number; result?: unknown; error?: string };

export type TWorkerPoolOptions = {
  /** The task module (TypeScript or JavaScript) that calls `serveTasks`. */
  entry: URL;
  /** The most threads, and so the most tasks running at once; further tasks wait in line. */
  size: number;
  /** A thread idle this long ends and returns its memory; the next task starts one again. */
  idleMs?: number;
  /** What the pool does, for its errors ("invoice rendering"). */
  name: string;
};

export type TWorkerPool = {
  /** Runs a task on a thread of the pool; `transfer` moves buffers to the thread instead of copying them. */
  run<TResult>(task: unknown, transfer?: readonly Transferable[]): Promise<TResult>;
  /** Tasks the pool's threads have finished, failed ones included. */
  readonly completed: number;
  /** Ends every thread; tasks still running or waiting fail. */
  close(): Promise<void>;
};

type TJob = {
  task: unknown;
  transfer: readonly Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type TThread = { worker: Worker; job: TJob | null; jobId: number; idleTimer: NodeJS.Timeout | null };

const DEFAULT_IDLE_MS = 60_000;

/** Threads for a pool that leaves the main thread a core: one less than the machine has cores, at least one, at most `most`. */
export function threadsBesideMain(most: number): number {
  return Math.min(most, Math.max(1, availableParallelism() - 1));
}

/**
 * A small bounded pool of worker threads for CPU-bound work of request handlers (rendering PDFs, reading
 * workbooks): the event loop is shared by every user, and such work would hold it for hundreds of
 * milliseconds. At most `size` tasks run at once, one per thread, so a burst of requests queues instead of
 * taking every core; threads start on demand, end when idle, and keep the process alive only while they work, so
 * an idle pool never does. A thread that dies fails its task and is replaced by the next task.
 */
export function createWorkerPool(options: TWorkerPoolOptions): TWorkerPool {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const threads = new Set<TThread>();
  const queue: TJob[] = [];
  let completed = 0;
  let nextId = 0;
  let isClosed = false;

  const finish = (thread: TThread) => {
    completed++;
    thread.job = null;
    dispatch();
    if (thread.job === null && threads.has(thread)) {
      thread.worker.unref();
      thread.idleTimer = setTimeout(() => {
        threads.delete(thread);
        void thread.worker.terminate();
      }, idleMs);
      thread.idleTimer.unref();
    }
  };

  const start = (): TThread => {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: options.entry.href },
    });
    const thread: TThread = { worker, job: null, jobId: -1, idleTimer: null };
    worker.on('message', (reply: TTaskReply) => {
      const job = thread.job;
      if (!job || reply.id !== thread.jobId) return;
      if (reply.error !== undefined) job.reject(new Error(reply.error));
      else job.resolve(reply.result);
      finish(thread);
    });
    const fail = (error: Error) => {
      threads.delete(thread);
      const job = thread.job;
      thread.job = null;
      if (job) {
        job.reject(new Error(`${options.name} failed: ${error.message}`));
        completed++;
      }
      dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (threads.has(thread)) fail(new Error(`its thread stopped (exit code ${code})`));
    });
    // A thread keeps the process alive while it works, never while it idles (the references are set here, after
    // the listeners: adding a 'message' listener referenced the thread again, and a command line tool that had
    // used the pool waited for its idle thread to end before it exited).
    worker.unref();
    threads.add(thread);
    return thread;
  };

  const send = (thread: TThread, job: TJob) => {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.jobId = nextId++;
    thread.job = job;
    thread.worker.ref();
    // Messages wait on the port until the thread's task module has loaded and listens.
    thread.worker.postMessage({ id: thread.jobId, task: job.task } satisfies TTaskMessage, [...job.transfer]);
  };

  function dispatch(): void {
    while (queue.length > 0) {
      const idle = [...threads].find((thread) => thread.job === null);
      const thread = idle ?? (threads.size < options.size ? start() : null);
      if (!thread) return;
      send(thread, queue.shift()!);
    }
  }

  return {
    run<TResult>(task: unknown, transfer: readonly Transferable[] = []): Promise<TResult> {
      if (isClosed) return Promise.reject(new Error(`${options.name} has stopped`));
      return new Promise<TResult>((resolve, reject) => {
        queue.push({ task, transfer, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    get completed() {
      return completed;
    },
    async close() {
      isClosed = true;
      for (const job of queue.splice(0)) job.reject(new Error(`${options.name} has stopped`));
      const ending = [...threads];
      threads.clear();
      await Promise.all(
        ending.map(async (thread) => {
          if (thread.idleTimer) clearTimeout(thread.idleTimer);
          thread.job?.reject(new Error(`${options.name} has stopped`));
          await thread.worker.terminate();
        }),
      );
    },
  };
}
