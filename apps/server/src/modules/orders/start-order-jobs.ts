import type { TDb } from '../../db/database';
import { cancelOverdueOrders } from './cancel-overdue-orders';

export type TStartOrderJobsOptions = {
  db: TDb;
  log: (line: string) => void;
  /** Time between two runs; an hour by default (the window is 30 days, so an hour late is harmless). */
  intervalMs?: number;
  /** The clock; tests pass a controlled one. */
  now?: () => Date;
};

/** A running schedule; `stop` waits for a run under way. */
export type TOrderJobs = { stop(): Promise<void> };

const HOUR_MS = 60 * 60 * 1000;
/** The first run waits a little, so a starting server answers its first requests first. */
const FIRST_RUN_DELAY_MS = 10_000;

/**
 * Runs the auto-cancel of unpaid orders on a schedule inside the server process. The timers are
 * unref'd, so they never keep a process alive; several servers on one database may all run it,
 * since each order is locked while it is cancelled and skipped by the others.
 */
export function startOrderJobs(options: TStartOrderJobsOptions): TOrderJobs {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let isStopped = false;
  const run = () => {
    if (running || isStopped) return;
    running = cancelOverdueOrders({ db: options.db, now: now() })
      .then((ids) => {
        if (ids.length > 0) options.log(`Cancelled ${ids.length} unpaid orders after the payment window`);
      })
      .catch((error: unknown) => {
        options.log(`Cancelling unpaid orders failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, Math.min(FIRST_RUN_DELAY_MS, options.intervalMs ?? HOUR_MS));
  const every = setInterval(run, options.intervalMs ?? HOUR_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      isStopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
