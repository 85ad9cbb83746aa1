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
/**
 * How long, in ms, answers kept before a batch of changes that nobody waits for (a harvest's, another process's)
 * are still given after it. A harvest has the index apply a batch about every second: forgetting every answer
 * at each one sent every search to a thread while the harvest ran (search p99 2.9x under a harvest at a million
 * offers). The changes of a user's own request forget at once (`forget`).
 */
export const CHANGE_GRACE_MS = 1_000;

/** A kept answer and the index's state it was read from. */
type TKept = { result: TIndexSearchResult; version: number; epoch: number };
type TAsked = { version: number; epoch: number; answer: Promise<TIndexSearchResult> };

export class KeptAnswers {
  /** Counts every change of the index: each batch applied, each file opened. */
  private version = 0;
  /** Counts the changes after which nothing read before may be given: an answer of an older epoch never is. */
  private epoch = 0;
  /** When each version was followed by a batch nobody waits for: its answers are given until the grace is over. */
  private readonly endedAt = new Map<number, number>();
  private readonly answers: LRUCache<string, TKept>;
  /** Searches being answered: the same search asked meanwhile waits for that answer instead of asking again. */
  private readonly asked = new Map<string, TAsked>();

  constructor(
    maxEntries = MAX_ENTRIES,
    private readonly graceMs = CHANGE_GRACE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.answers = new LRUCache({ max: maxEntries });
  }

  /**
   * The index changed in a way a caller waits to see (a user's own change, a rebuild, a refresh): every kept
   * answer is forgotten, and one asked before is neither kept nor shared after.
   */
  forget(): void {
    this.version++;
    this.epoch++;
    this.endedAt.clear();
    this.answers.clear();
    this.asked.clear();
  }

  /**
   * The index applied a batch of changes nobody waits for: what was kept before it is given for `graceMs` more,
   * answers asked from now on read the changed index.
   */
  age(): void {
    const now = this.now();
    this.endedAt.set(this.version, now);
    this.version++;
    for (const [version, at] of this.endedAt) if (now - at >= this.graceMs) this.endedAt.delete(version);
  }

  /**
   * A caller waits to see the changes applied so far (a user's own change, a refresh): what is given in grace
   * after a batch is forgotten, since that batch may hold the change. Nothing is forgotten when no batch is in its
   * grace: every kept answer then reads the index as it is.
   */
  settle(): void {
    const now = this.now();
    for (const at of this.endedAt.values()) {
      if (now - at < this.graceMs) {
        this.forget();
        return;
      }
    }
  }

  /** Whether what was read at `version` of this epoch may still be given. */
  private isCurrent(version: number, epoch: number): boolean {
    if (epoch !== this.epoch) return false;
    if (version === this.version) return true;
    const ended = this.endedAt.get(version);
    return ended !== undefined && this.now() - ended < this.graceMs;
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
    if (kept && this.isCurrent(kept.version, kept.epoch)) {
      countKeptAnswer('kept');
      return { ...kept.result, stages: { cached: performance.now() - started } };
    }
    const asked = this.asked.get(key);
    if (asked && this.isCurrent(asked.version, asked.epoch)) {
      countKeptAnswer('shared');
      return asked.answer;
    }
    countKeptAnswer('asked');
    const { version, epoch } = this;
    const answer = compute();
    this.asked.set(key, { version, epoch, answer });
    try {
      const result = await answer;
      if (this.isCurrent(version, epoch)) this.answers.set(key, { result, version, epoch });
      return result;
    } finally {
      if (this.asked.get(key)?.answer === answer) this.asked.delete(key);
    }
  }

  /** Answers kept now (some may be past their grace, until asked for). */
  get size(): number {
    return this.answers.size;
  }
}
