import { LRUCache } from 'lru-cache';
import { countKeptAnswer } from '../../../lib/metrics';
import type { TIndexSearch, TIndexSearchResult } from './search-index';

/**
 * Answers kept by the process that asks its search threads, for all of them. Each thread keeps its own answers
 * too (cached-query-index.ts), but one kept there still waits in the thread's turn behind a slow search, and
 * half of the time it is kept by the other thread. A search log is long-tailed: its popular searches are answered
 * here without a thread at all. A page of 10 with its facets takes a few kilobytes: 5,000 stay near 20 MB.
 */
const MAX_ENTRIES = 5_000;
/** Pages larger than this are not kept: they are rare, large, and cost more to hold than to compute. */
const MAX_KEPT_PAGE = 100;

type TAsked = { generation: number; answer: Promise<TIndexSearchResult> };

export class KeptAnswers {
  /** Counts the index's changes: an answer asked before one is neither kept nor shared after it. */
  private generation = 0;
  private readonly answers: LRUCache<string, TIndexSearchResult>;
  /** Searches being answered: the same search asked meanwhile waits for that answer instead of asking again. */
  private readonly asked = new Map<string, TAsked>();

  constructor(maxEntries = MAX_ENTRIES) {
    this.answers = new LRUCache({ max: maxEntries });
  }

  /** The index changed (changes applied, or another file opened): every kept answer is forgotten. */
  forget(): void {
    this.generation++;
    this.answers.clear();
    this.asked.clear();
  }

  /**
   * The kept answer of `search`, else what `compute` answers, kept unless the index changed meanwhile. Answers
   * are shared between callers, who must not change them.
   */
  async answer(search: TIndexSearch, compute: () => Promise<TIndexSearchResult>): Promise<TIndexSearchResult> {
    if (search.limit > MAX_KEPT_PAGE) {
      countKeptAnswer('asked');
      return compute();
    }
    const started = performance.now();
    const key = JSON.stringify(search);
    const kept = this.answers.get(key);
    if (kept) {
      countKeptAnswer('kept');
      return { ...kept, stages: { cached: performance.now() - started } };
    }
    const asked = this.asked.get(key);
    if (asked && asked.generation === this.generation) {
      countKeptAnswer('shared');
      return asked.answer;
    }
    countKeptAnswer('asked');
    const generation = this.generation;
    const answer = compute();
    this.asked.set(key, { generation, answer });
    try {
      const result = await answer;
      if (generation === this.generation) this.answers.set(key, result);
      return result;
    } finally {
      if (this.asked.get(key)?.answer === answer) this.asked.delete(key);
    }
  }

  /** Answers kept now. */
  get size(): number {
    return this.answers.size;
  }
}
