import { setTimeout as sleep } from 'node:timers/promises';
import type { TInteractiveLoad } from '../../lib/interactive-load';

/**
 * Batches written at the same time, each on a connection of its own, when nobody else is served: PostgreSQL
 * computes the search vectors of one batch while the next is read and mapped and others are written. Three keep
 * two cores busier than two (about 3% more records/s at 20x); the background pool needs at least four
 * connections.
 */
export const BATCHES_IN_FLIGHT = 3;

/** How fast a harvest writes: how many batches at once, and whether it rests before the next. */
export type THarvestPace = {
  /** Batches written at once from now on, at most BATCHES_IN_FLIGHT. */
  batchesInFlight(): number;
  /** Waits, if it must, before the next batch is planned; `lastWriteMs` is how long the last batch took to commit. */
  beforeBatch(lastWriteMs: number): Promise<void>;
};

/** As fast as the machine allows: tools, tests and processes that serve no users. */
export const FULL_PACE: THarvestPace = {
  batchesInFlight: () => BATCHES_IN_FLIGHT,
  beforeBatch: async () => {},
};

/** Of the time a busy harvest runs, at most 1 / (1 + REST_PER_WRITE) is spent writing. */
const REST_PER_WRITE = 1;
/** The longest rest between two batches: a harvest always moves on, however busy the server is. */
const MAX_REST_MS = 2_000;
/** How often a resting harvest looks whether the users are gone. */
const LOOK_MS = 25;

/**
 * A harvest that gives way to users: while requests are in flight (or wait for a connection, or the event loop
 * lags) it writes one batch at a time and rests after each for as long as the batch took to commit (at most
 * 2 s), so its transactions and its mapping take at most about half of the time and the searches the rest; it
 * goes on at full speed as soon as the server is quiet. Slower harvests are the price: measured in
 * docs/performance.md ("Search under mixed load").
 */
export function yieldingTo(load: TInteractiveLoad): THarvestPace {
  return {
    batchesInFlight: () => (load.isBusy() ? 1 : BATCHES_IN_FLIGHT),
    async beforeBatch(lastWriteMs) {
      const until = performance.now() + Math.min(MAX_REST_MS, lastWriteMs * REST_PER_WRITE);
      while (performance.now() < until && load.isBusy()) await sleep(LOOK_MS);
    },
  };
}
