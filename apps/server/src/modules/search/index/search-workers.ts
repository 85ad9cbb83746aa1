import type { TSuggestion } from '@dsm/contracts';
import type { TIndexSearch, TIndexSearchResult } from './search-index';
import type { TSearchWorkerRequest, TWarmReport } from './search-worker';
import { WorkerClient } from './worker-rpc';

/**
 * Search threads, each with its own read-only connection to the index: SQLite answers a query on the
 * thread that asks, so parallel searches need threads. A search goes to the thread with the fewest
 * searches waiting.
 */
export class SearchWorkers {
  private readonly clients: WorkerClient[];

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
      void client
        .call({
          warm: { searches: this.warmSearches(), budgetMs: 0, part: 0, parts: 1 },
        } satisfies TSearchWorkerRequest)
        .catch(() => {});
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
        client.call<TWarmReport>({
          warm: { searches, budgetMs, part, parts: this.clients.length },
        } satisfies TSearchWorkerRequest),
      ),
    );
  }

  private leastBusy(): WorkerClient {
    return this.clients.reduce((best, candidate) => (candidate.pending < best.pending ? candidate : best));
  }

  search(search: TIndexSearch): Promise<TIndexSearchResult> {
    return this.leastBusy().call<TIndexSearchResult>({ search } satisfies TSearchWorkerRequest);
  }

  /** The searches in one message per thread, shared out among the threads. */
  async matchEveryWord(searches: TIndexSearch[]): Promise<string[][]> {
    const share = Math.ceil(searches.length / this.clients.length);
    const answers = await Promise.all(
      this.clients.map((client, slot) => {
        const part = searches.slice(slot * share, (slot + 1) * share);
        return part.length === 0
          ? []
          : client.call<string[][]>({ matchEveryWord: part } satisfies TSearchWorkerRequest);
      }),
    );
    return answers.flat();
  }

  suggest(prefix: string): Promise<TSuggestion[]> {
    return this.leastBusy().call<TSuggestion[]>({ suggest: prefix } satisfies TSearchWorkerRequest);
  }

  /** Every thread reads from another index file from its next search on. */
  async open(path: string): Promise<void> {
    this.path = path;
    const warmSearches = this.warmSearches();
    await Promise.all(
      this.clients.map((client) => client.call({ open: path, warmSearches } satisfies TSearchWorkerRequest)),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close()));
  }
}
