import { describe, expect, it, vi } from 'vitest';
import { countKeptAnswer } from '../../../lib/metrics';
import { KeptAnswers } from './kept-answers';

vi.mock('../../../lib/metrics', () => ({ countKeptAnswer: vi.fn() }));

import { NO_INDEX_FILTER, type TIndexSearch, type TIndexSearchResult } from './search-index';

const search = (word: string, limit = 10): TIndexSearch => ({
  terms: [word],
  exact: false,
  sort: 'relevance',
  filter: NO_INDEX_FILTER,
  offset: 0,
  limit,
});

const result = (total: number, copyKeys: string[] = []): TIndexSearchResult =>
  ({
    offerIds: [],
    total,
    isTotalCapped: false,
    matchedAllTerms: true,
    correctedTerms: null,
    copyKeys,
    stages: { match: 1 },
  }) as never;

/** A search thread stand-in that counts what it was asked and answers when told to. */
function thread() {
  const calls: string[] = [];
  const open: ((value: TIndexSearchResult) => void)[] = [];
  return {
    calls,
    answerAll: (total: number) => {
      for (const resolve of open.splice(0)) resolve(result(total));
    },
    ask: (word: string) => () => {
      calls.push(word);
      return new Promise<TIndexSearchResult>((resolve) => open.push(resolve));
    },
  };
}

describe('answers kept for every search thread', () => {
  it('answers a search asked before without a thread, and marks it as kept', async () => {
    const kept = new KeptAnswers();
    const worker = thread();
    const first = kept.answer(search('air'), worker.ask('air'));
    worker.answerAll(3);
    expect((await first).total).toBe(3);
    const second = await kept.answer(search('air'), worker.ask('air'));
    expect(second.total).toBe(3);
    expect(second.stages).toHaveProperty('cached');
    expect(worker.calls).toEqual(['air']);
    // Counted for the operators' metrics (search_kept_answers_total).
    expect(vi.mocked(countKeptAnswer).mock.calls.slice(-2)).toEqual([['asked'], ['kept']]);
  });

  it('asks a thread once for the same search asked again while it is being answered', async () => {
    const kept = new KeptAnswers();
    const worker = thread();
    const answers = [kept.answer(search('air'), worker.ask('air')), kept.answer(search('air'), worker.ask('air'))];
    worker.answerAll(2);
    expect((await Promise.all(answers)).map((answer) => answer.total)).toEqual([2, 2]);
    expect(worker.calls).toEqual(['air']);
    expect(vi.mocked(countKeptAnswer).mock.calls.slice(-2)).toEqual([['asked'], ['shared']]);
  });

  it('forgets its answers when the index changes, and does not keep one asked before the change', async () => {
    const kept = new KeptAnswers();
    const worker = thread();
    const before = kept.answer(search('air'), worker.ask('air'));
    kept.forget();
    // Asked after the change: not the answer read before it.
    const after = kept.answer(search('air'), worker.ask('air'));
    expect(worker.calls).toEqual(['air', 'air']);
    worker.answerAll(1);
    await Promise.all([before, after]);
    expect(kept.size).toBe(1);
    kept.forget();
    expect(kept.size).toBe(0);
    const old = kept.answer(search('water'), worker.ask('water'));
    kept.forget();
    worker.answerAll(5);
    await old;
    expect(kept.size).toBe(0);
  });

  it('after a batch of new offers, forgets only the answers it touched, gained a copy in or could not be checked against', async () => {
    const kept = new KeptAnswers();
    const keep = async (one: TIndexSearch, answer: TIndexSearchResult) => kept.answer(one, async () => answer);
    const isKept = async (one: TIndexSearch) =>
      'cached' in ((await kept.answer(one, async () => result(0))).stages ?? {});
    await keep(search('air'), result(3));
    await keep(search('water'), result(2));
    await keep(search('soil'), result(0));
    await keep(search('rivers'), result(4, ['copy-of-rivers']));
    await keep({ ...search('wind'), terms: [''] }, result(9));
    await keep(search('snow'), { ...result(1), correctedTerms: ['snow'] });
    const checked = kept.checks();
    // Searches without words and corrected ones are not checked: any change forgets them.
    expect(checked.checks).toEqual(
      expect.arrayContaining([
        { key: JSON.stringify(search('air')), mode: 'every' },
        { key: JSON.stringify(search('soil')), mode: 'any' },
      ]),
    );
    expect(checked.checks).toHaveLength(4);
    // Kept while the batch was being applied: perhaps read before it, so not kept after it.
    await keep(search('ice'), result(1));
    kept.forgetTouched(checked, [JSON.stringify(search('water'))], ['copy-of-rivers']);
    expect(await isKept(search('air'))).toBe(true);
    expect(await isKept(search('soil'))).toBe(true);
    for (const gone of [search('water'), search('rivers'), { ...search('wind'), terms: [''] }, search('snow')])
      expect(await isKept(gone)).toBe(false);
    expect(await isKept(search('ice'))).toBe(false);
    // A batch that changed an offer the index held: nothing is kept.
    kept.forgetTouched(kept.checks(), null, []);
    expect(kept.size).toBe(0);
  });

  it('keeps the most recently asked answers up to its size, and no page over 100', async () => {
    const kept = new KeptAnswers(2);
    const worker = thread();
    for (const word of ['a', 'b', 'a', 'c']) {
      const answer = kept.answer(search(word), worker.ask(word));
      worker.answerAll(1);
      await answer;
    }
    // 'b' was the least recently asked when 'c' came.
    expect(worker.calls).toEqual(['a', 'b', 'c']);
    const again = kept.answer(search('b'), worker.ask('b'));
    worker.answerAll(1);
    await again;
    expect(worker.calls).toEqual(['a', 'b', 'c', 'b']);
    const large = kept.answer(search('d', 1000), worker.ask('d'));
    worker.answerAll(1);
    await large;
    const largeAgain = kept.answer(search('d', 1000), worker.ask('d'));
    worker.answerAll(1);
    await largeAgain;
    expect(worker.calls.filter((word) => word === 'd')).toHaveLength(2);
  });
});
