import { describeError } from '../../lib/describe-error';

/** A pg-boss user (the link checker, the harvest scheduler) as the supervision sees it. */
export type TJobQueue = {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export type TSuperviseJobQueuesOptions = {
  /** Started already; the supervision stops and starts them from here on. */
  queues: TJobQueue[];
  log: (line: string) => void;
  /** How long a stop during an outage may take before the queue is started afresh regardless. */
  stopTimeoutMs?: number;
  /** Waits between attempts to start a queue again that failed to start. */
  retryMs?: readonly number[];
};

export type TJobQueueSupervision = {
  /** Pass the database's availability changes on. */
  onAvailabilityChange(isAvailable: boolean): void;
  /** No more restarts; waits for the step under way. */
  stop(): Promise<void>;
};

const DEFAULT_RETRY_MS = [1_000, 2_000, 5_000] as const;

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Takes the pg-boss queues down while PostgreSQL is away and starts them afresh when it is back.
 * Each pg-boss instance holds a pool of its own that no availability watch reaches: its workers
 * keep their sessions busy, so a PostgreSQL in smart shutdown would wait for them for ever, and
 * each poll during an outage logs one more error. Stopping closes that pool; a new instance
 * connects anew. Work lost with a stopped instance is retried by pg-boss (its jobs expire) and by
 * the next sweep.
 */
export function superviseJobQueues(options: TSuperviseJobQueuesOptions): TJobQueueSupervision {
  const stopTimeoutMs = options.stopTimeoutMs ?? 2_000;
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const stopped = new Set<TJobQueue>();
  let isAvailable = true;
  let isEnded = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  let step: Promise<void> = Promise.resolve();

  const after = (work: () => Promise<void>) => {
    step = step.then(work).catch((error: unknown) => options.log(`Job queue supervision: ${describeError(error)}`));
  };

  const stopAll = async () => {
    for (const queue of options.queues) {
      if (stopped.has(queue)) continue;
      stopped.add(queue);
      const stopping = queue.stop().catch((error: unknown) => {
        options.log(`Stopping the ${queue.name} queue during the outage failed: ${describeError(error)}`);
      });
      if (!(await settlesWithin(stopping, stopTimeoutMs))) {
        options.log(`The ${queue.name} queue is still stopping after ${stopTimeoutMs} ms; it is left to finish`);
      }
    }
  };

  const startAll = async () => {
    if (isEnded || !isAvailable) return;
    for (const queue of options.queues) {
      if (!stopped.has(queue)) continue;
      try {
        await queue.start();
        stopped.delete(queue);
        options.log(`The ${queue.name} queue runs again`);
      } catch (error) {
        options.log(`Starting the ${queue.name} queue again failed: ${describeError(error)}`);
      }
    }
    if (stopped.size === 0 || isEnded || !isAvailable) {
      attempt = 0;
      return;
    }
    const waitMs = retryMs[Math.min(attempt, retryMs.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => {
      retry = null;
      after(startAll);
    }, waitMs);
    retry.unref();
  };

  return {
    onAvailabilityChange(isNowAvailable) {
      if (isEnded) return;
      isAvailable = isNowAvailable;
      if (retry) clearTimeout(retry);
      retry = null;
      attempt = 0;
      after(isNowAvailable ? startAll : stopAll);
    },
    async stop() {
      isEnded = true;
      if (retry) clearTimeout(retry);
      retry = null;
      await step;
    },
  };
}
