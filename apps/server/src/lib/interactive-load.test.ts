import Fastify from 'fastify';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInteractiveLoad, type TInteractiveLoad } from './interactive-load';

let load: TInteractiveLoad | null = null;

afterEach(() => {
  load?.close();
  load = null;
});

describe('the interactive load background work gives way to', () => {
  it('counts the requests in flight, except those marked as background work, and the callers waiting for a connection', async () => {
    const pool = { waitingCount: 0 } as pg.Pool;
    load = createInteractiveLoad({ pool });
    const app = Fastify();
    load.track(app);
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    app.get('/search', async () => {
      await held;
      return { ok: true };
    });
    app.post('/harvest', { config: { isBackgroundWork: true } }, async () => {
      await held;
      return { ok: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const harvest = fetch(`${address}/harvest`, { method: 'POST' });
      // A background request alone is not a user being served.
      await new Promise((resolve) => setTimeout(resolve, 100));
      // (isBusy may be true here all the same: a loaded machine lags the loop, which counts too.)
      expect(load.requestsInFlight()).toBe(0);

      const search = fetch(`${address}/search`);
      await vi.waitFor(() => expect(load!.requestsInFlight()).toBe(1), { timeout: 5_000 });
      expect(load.isBusy()).toBe(true);
      finish();
      expect((await search).status).toBe(200);
      expect((await harvest).status).toBe(200);
      await vi.waitFor(() => expect(load!.requestsInFlight()).toBe(0), { timeout: 5_000 });

      (pool as { waitingCount: number }).waitingCount = 2;
      expect(load.poolWaiting()).toBe(2);
      expect(load.isBusy()).toBe(true);
    } finally {
      await app.close();
    }
  });
});
