import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request is background work itself (a harvest run, answered when it has finished): it does not count
     * as a user being served, or the work would yield to itself.
     */
    isBackgroundWork?: boolean;
  }
}

/**
 * Whether users are being served right now, as background work (harvests) sees it: it yields while they are.
 * Three signs: interactive requests in flight, callers waiting for a connection of the requests' pool, and
 * the event loop held for longer than a request may wait.
 */
export type TInteractiveLoad = {
  /** Interactive requests in flight now (routes marked `isBackgroundWork` excepted). */
  requestsInFlight(): number;
  /** Callers waiting for a connection of the requests' pool now. */
  poolWaiting(): number;
  /** The longest hold of the event loop seen in the last second, in milliseconds (0 for none over 25). */
  recentLagMs(): number;
  /** True while any of the three signs says users are being served or kept waiting. */
  isBusy(): boolean;
  /** Counts the requests of `app` from now on. */
  track(app: FastifyInstance): void;
  /** Stops watching the event loop. */
  close(): void;
};

export type TCreateInteractiveLoadOptions = {
  /** The pool requests take their connections from. */
  pool: pg.Pool;
};

/** A hold of the loop this long or longer is a lag worth yielding for: a request waited for a core. */
const LAG_THRESHOLD_MS = 50;
/** How long a lag seen counts as recent. */
const LAG_MEMORY_MS = 1_000;
/** How often the loop's lateness is sampled. */
const SAMPLE_MS = 20;

/** Watches the requests of an app, its pool and its event loop (see TInteractiveLoad). */
export function createInteractiveLoad(options: TCreateInteractiveLoadOptions): TInteractiveLoad {
  let inFlight = 0;
  let lagMs = 0;
  let lagAt = Number.NEGATIVE_INFINITY;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    const late = now - last - SAMPLE_MS;
    last = now;
    if (late > 25 && (late >= lagMs || now - lagAt > LAG_MEMORY_MS)) {
      lagMs = late;
      lagAt = now;
    }
  }, SAMPLE_MS);
  sampler.unref();

  const recentLagMs = () => (performance.now() - lagAt <= LAG_MEMORY_MS ? Math.round(lagMs) : 0);
  const poolWaiting = () => options.pool.waitingCount;
  return {
    requestsInFlight: () => inFlight,
    poolWaiting,
    recentLagMs,
    isBusy: () => inFlight > 0 || poolWaiting() > 0 || recentLagMs() >= LAG_THRESHOLD_MS,
    track(app) {
      app.addHook('onRequest', (request, reply, done) => {
        if (request.routeOptions.config?.isBackgroundWork) return done();
        inFlight++;
        // 'close' comes for answered and abandoned requests alike, once.
        reply.raw.once('close', () => inFlight--);
        done();
      });
    },
    close: () => clearInterval(sampler),
  };
}
