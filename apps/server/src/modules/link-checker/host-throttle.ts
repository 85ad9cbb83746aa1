/** Spaces out requests to one host: a check never hammers a publisher's server. */
export type THostThrottle = {
  /** Resolves when a request to `host` may go out; each call takes the next slot. */
  wait(host: string): Promise<void>;
};

/** Forget hosts whose last slot lies this far in the past, so the map does not grow for ever. */
const FORGET_AFTER_MS = 60_000;

/**
 * A per-process throttle: requests to one host go out at least `intervalMs` apart, in the order
 * they asked. With several server processes each keeps its own spacing, which the operator allows
 * for when choosing the interval.
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
