import { Worker } from 'node:worker_threads';
import type { TIndexSearch, TIndexSearchResult } from './search-index';
import type { TWorkerRequest, TWorkerResponse } from './search-worker';

type TPending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type TSlot = { worker: Worker; pending: Map<number, TPending> };

/**
 * Search threads, each with its own read-only connection to the index: SQLite answers a query on the
 * thread that asks, so parallel searches need threads. A search goes to the thread with the fewest
 * searches waiting.
 */
export class SearchWorkers {
  private readonly slots: TSlot[];
  private nextId = 0;

  constructor(count: number, path: string) {
    this.slots = Array.from({ length: count }, () => {
      const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
        workerData: { entry: new URL('./search-worker.ts', import.meta.url).href, path },
      });
      const slot: TSlot = { worker, pending: new Map() };
      worker.on('message', (response: TWorkerResponse) => {
        const waiting = slot.pending.get(response.id);
        if (!waiting) return;
        slot.pending.delete(response.id);
        if (response.error !== undefined) waiting.reject(new Error(response.error));
        else waiting.resolve(response.result);
      });
      worker.on('error', (error) => {
        for (const waiting of slot.pending.values()) waiting.reject(error);
        slot.pending.clear();
      });
      return slot;
    });
  }

  private send(slot: TSlot, request: Omit<TWorkerRequest, 'id'>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ ...request, id });
    });
  }

  search(search: TIndexSearch): Promise<TIndexSearchResult> {
    const slot = this.slots.reduce((best, candidate) =>
      candidate.pending.size < best.pending.size ? candidate : best,
    );
    return this.send(slot, { search }) as Promise<TIndexSearchResult>;
  }

  /** Every thread reads from another index file from its next search on. */
  async open(path: string): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.send(slot, { open: path })));
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
