import type { TSuggestion } from '@dsm/contracts';
import type { TIndexSearch, TIndexSearchResult } from './search-index';
import type { TSearchWorkerRequest, TWarmReport } from './search-worker';
import { WorkerClient } from './worker-rpc';

/** A search or suggestion waiting for a free thread. */
type TWaiting = { message: TSearchWorkerRequest; resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * Search threads, each with its own read-only connection to the index: SQLite answers a query on the
 * thread that asks, so parallel searches need threads. A thread is given a search only when it has none: the
 * others wait here, in the order they came, for whichever thread is free first. Given to a thread at once, a
 * search would wait behind a slow one there (a common word ranked, 50-300 ms at a million offers) while the other
 * thread stood idle.
 */
export class SearchWorkers {
  private readonly clients: WorkerClient[];
  private readonly waiting: TWaiting[] = [];
  /** Threads asked to read the facets of the latest changes, and not done yet. */
  private readonly syncing = new Set<WorkerClient>();

  /**
   * `warmSearches` are run by each thread when it opens a file (the searches asked most, popular-searches.ts):
   * by `warm` at the start, and while answering in a thread that replaces one that crashed or opens a new file.
   */
  constructor(
    count: number,
    private path: string,
    private readonly warmSearches: () => TIndexSearch[] = () => [],
  ) {
    this.clients = Array.from({ length: count }, (_, slot) => this.start(slot));
  }

  /** A thread for a slot; one that crashes is replaced by a new one on the file in use, warming while it answers. */
  private start(slot: number): WorkerClient {
    return new WorkerClient(new URL('./search-worker.ts', import.meta.url), { path: this.path }, undefined, () => {
      const client = this.start(slot);
      this.clients[slot] = client;
      void this.direct(client, { warm: { searches: this.warmSearches(), budgetMs: 0, part: 0, parts: 1 } }).catch(
        () => {},
      );
    });
  }

  /**
   * Warms every thread at once (search-worker.ts, TWarmRequest): each reads its share of the index file, its facets
   * and the searches asked most within `budgetMs`, and answers when done (0: at once, warming while it answers).
   */
  warm(budgetMs: number): Promise<TWarmReport[]> {
    const searches = this.warmSearches();
    return Promise.all(
      this.clients.map((client, part) =>
        this.direct<TWarmReport>(client, { warm: { searches, budgetMs, part, parts: this.clients.length } }),
      ),
    );
  }

  /** Asks one thread, busy or not; the searches waiting for it are handed out once it is done. */
  private direct<T>(client: WorkerClient, message: TSearchWorkerRequest): Promise<T> {
    return client.call<T>(message).finally(() => this.handOut());
  }

  /** Asks a free thread, now or when one is free. */
  private ask<T>(message: TSearchWorkerRequest): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ message, resolve: resolve as (value: unknown) => void, reject });
      this.handOut();
    });
  }

  /** Gives the waiting searches to the threads that have nothing to do. */
  private handOut(): void {
    for (const client of this.clients) {
      if (this.waiting.length === 0) return;
      if (client.pending > 0) continue;
      const next = this.waiting.shift() as TWaiting;
      client
        .call(next.message)
        .then(next.resolve, next.reject)
        .finally(() => this.handOut());
    }
  }

  search(search: TIndexSearch): Promise<TIndexSearchResult> {
    return this.ask<TIndexSearchResult>({ search });
  }

  /** The searches in one message per thread, shared out among the threads. */
  async matchEveryWord(searches: TIndexSearch[]): Promise<string[][]> {
    const share = Math.ceil(searches.length / this.clients.length);
    const answers = await Promise.all(
      this.clients.map((client, slot) => {
        const part = searches.slice(slot * share, (slot + 1) * share);
        return part.length === 0 ? [] : this.direct<string[][]>(client, { matchEveryWord: part });
      }),
    );
    return answers.flat();
  }

  suggest(prefix: string): Promise<TSuggestion[]> {
    return this.ask<TSuggestion[]>({ suggest: prefix });
  }

  /**
   * Every thread reads the facets and filter values of the offers the writer changed now, rather than in the next
   * search it answers (a harvest's batch, or the link checker's first round over a new catalogue, changes
   * thousands): a thread with nothing to do does it at once, a busy one after its search. A thread still at it is
   * not asked again.
   */
  syncFacets(): void {
    for (const client of this.clients) {
      if (this.syncing.has(client)) continue;
      this.syncing.add(client);
      this.direct(client, { syncFacets: true })
        .catch(() => {})
        .finally(() => this.syncing.delete(client));
    }
  }

  /** Every thread reads from another index file from its next search on. */
  async open(path: string): Promise<void> {
    this.path = path;
    const warmSearches = this.warmSearches();
    await Promise.all(this.clients.map((client) => this.direct(client, { open: path, warmSearches })));
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close()));
  }
}
