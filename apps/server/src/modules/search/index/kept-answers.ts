import { LRUCache } from 'lru-cache';
import { countKeptAnswer } from '../../../lib/metrics';
import type { TIndexSearch, TIndexSearchResult } from './search-index';
import type { TKeptSearchCheck } from './touched-searches';

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

/** A kept answer, the order in which it was kept, and how new offers are checked against it (null: not at all). */
type TKept = { answer: TIndexSearchResult; seq: number; mode: TKeptSearchCheck['mode'] | null };

/** The kept answers to check against a batch of changes, as they were when it was asked for. */
export type TKeptChecks = { seq: number; checks: TKeptSearchCheck[] };

/**
 * How a kept answer is checked against new offers (touched-searches.ts): by every word when it found offers with
 * all its words as typed; by any word when it found some words only or none. Not at all (forgotten with any
 * change) when it has no words, was corrected for typos or is restricted to given offers.
 */
function modeOf(search: TIndexSearch, answer: TIndexSearchResult): TKept['mode'] {
  if (search.terms.every((term) => term.trim() === '') || search.filter.offerIds !== null) return null;
  if (answer.correctedTerms !== null) return null;
  return answer.matchedAllTerms && answer.total > 0 ? 'every' : 'any';
}

export class KeptAnswers {
  /** Counts the index's changes: an answer asked before one is neither kept nor shared after it. */
  private generation = 0;
  private readonly answers: LRUCache<string, TKept>;
  /** Counts the answers kept, so that those kept after a batch's checks were taken are told apart. */
  private seq = 0;
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

  /** The kept answers that new offers can be checked against, to send with a batch to the index's writer. */
  checks(): TKeptChecks {
    const checks: TKeptSearchCheck[] = [];
    for (const [key, kept] of this.answers.entries()) if (kept.mode !== null) checks.push({ key, mode: kept.mode });
    return { seq: this.seq, checks };
  }

  /**
   * The index applied a batch checked against `checked`: the answers it `touched` (null: all), those holding a
   * result of which it added a copy (`newCopyKeys`), those that were not checked and those kept after the checks
   * were taken (asked perhaps before the batch) are forgotten; an answer being asked now is not kept.
   */
  forgetTouched(checked: TKeptChecks, touched: readonly string[] | null, newCopyKeys: readonly string[]): void {
    if (touched === null) {
      this.forget();
      return;
    }
    this.generation++;
    this.asked.clear();
    const isTouched = new Set(touched);
    const copies = new Set(newCopyKeys);
    const forgotten: string[] = [];
    for (const [key, kept] of this.answers.entries()) {
      if (
        kept.mode === null ||
        kept.seq > checked.seq ||
        isTouched.has(key) ||
        (copies.size > 0 && kept.answer.copyKeys?.some((copyKey) => copies.has(copyKey)))
      )
        forgotten.push(key);
    }
    for (const key of forgotten) this.answers.delete(key);
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
      return { ...kept.answer, stages: { cached: performance.now() - started } };
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
      if (generation === this.generation)
        this.answers.set(key, { answer: result, seq: ++this.seq, mode: modeOf(search, result) });
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
