import { describe, expect, it } from 'vitest';
import type { TInteractiveLoad } from '../../lib/interactive-load';
import { BATCHES_IN_FLIGHT, yieldingTo } from './harvest-pace';

/** A load whose business the test sets. */
function loadOf(isBusy: { value: boolean }): TInteractiveLoad {
  return {
    requestsInFlight: () => (isBusy.value ? 1 : 0),
    poolWaiting: () => 0,
    recentLagMs: () => 0,
    isBusy: () => isBusy.value,
    track: () => {},
    close: () => {},
  };
}

/** Whether `promise` has settled after `ms`. */
async function isSettledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let isSettled = false;
  void promise.finally(() => {
    isSettled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return isSettled;
}

describe('a harvest giving way to users', () => {
  it('writes its batches side by side and never rests while nobody is served', async () => {
    const pace = yieldingTo(loadOf({ value: false }));
    expect(pace.batchesInFlight()).toBe(BATCHES_IN_FLIGHT);
    expect(await isSettledAfter(pace.beforeBatch(60_000), 50)).toBe(true);
  });

  it('writes one batch at a time and rests after it while users are served, and goes on once they are gone', async () => {
    const isBusy = { value: true };
    const pace = yieldingTo(loadOf(isBusy));
    expect(pace.batchesInFlight()).toBe(1);
    // The last batch took 1.5 s to commit: the rest lasts as long (the cap is 2 s), far more than 200 ms.
    const resting = pace.beforeBatch(1_500);
    expect(await isSettledAfter(resting, 200)).toBe(false);
    isBusy.value = false;
    expect(await isSettledAfter(resting, 1_000)).toBe(true);
    expect(pace.batchesInFlight()).toBe(BATCHES_IN_FLIGHT);
  });

  it('always moves on: a rest is capped however long the last batch took and however busy the server stays', async () => {
    const pace = yieldingTo(loadOf({ value: true }));
    const started = performance.now();
    await pace.beforeBatch(10 * 60_000);
    // The cap is 2 s; a loaded machine may fire the last look late, never minutes late.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
  });
});
