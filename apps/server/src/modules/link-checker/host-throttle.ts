import type { TDb } from '../../db/database';
import { claimHostSlot } from './host-slots-repository';

/** Spaces out requests to one host: a check never hammers a publisher's server. */
export type THostThrottle = {
  /** Resolves when a request to `host` may go out; each call takes the next slot. */
  wait(host: string): Promise<void>;
};

/** Forget hosts whose last slot lies this far in the past, so the map does not grow for ever. */
const FORGET_AFTER_MS = 60_000;

/**
 * A per-process throttle: requests to one host go out at least `intervalMs` apart, in the order
 * they asked. Other server processes know nothing of it: the link checker uses the shared throttle,
 * and this one only while the database cannot be asked.
 */
export function createHostThrottle(intervalMs: number, now: () => number = Date.now): THostThrottle {
  const nextSlot = new Map<string, number>();
  return {
    async wait(host) {
      const current = now();
      if (nextSlot.size > 1000) {
        for (const [known, slot] of nextSlot) if (slot < current - FORGET_AFTER_MS) nextSlot.delete(known);
      }
      const slot = Math.max(current, nextSlot.get(host) ?? 0);
      nextSlot.set(host, slot + intervalMs);
      if (slot > current) await new Promise((resolve) => setTimeout(resolve, slot - current));
    },
  };
}

export type TSharedHostThrottleOptions = {
  /** The database every server process's link checker claims its slots in (`link_check_hosts`). */
  db: TDb;
  /** Least time between two requests to one host, over all processes (LINK_CHECK_HOST_INTERVAL_MS); 0 is none. */
  intervalMs: number;
};

/**
 * A throttle shared by the link checkers of every server process of the database: each request claims the
 * host's next slot with one atomic update, so a publisher sees at most one request per interval however many
 * processes check links. A request leaves once its claim is answered, so two processes' requests may come a
 * round trip's difference closer than the interval. Should the database fail, this process keeps its own
 * spacing meanwhile.
 */
export function createSharedHostThrottle(options: TSharedHostThrottleOptions): THostThrottle {
  if (options.intervalMs === 0) return { wait: async () => {} };
  const fallback = createHostThrottle(options.intervalMs);
  return {
    async wait(host) {
      let waitMs: number;
      try {
        ({ waitMs } = await claimHostSlot(options.db, host, options.intervalMs));
      } catch {
        return fallback.wait(host);
      }
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    },
  };
}
