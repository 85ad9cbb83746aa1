// Candidate d: MiniSearch, an inverted index held in this process's memory. Fields are boosted as the
// other candidates weight them; every word is required; diacritics are folded as FTS5 and unaccent do.
// MiniSearch has no phrase query (a phrase is searched as its words) and scores every match.
import MiniSearch from 'minisearch';
import type { TEngineDoc } from '../corpus';
import { COUNT_CAP, PAGE_SIZE, type TEngine, type TEngineResult } from '../engine';
import type { TEngineQuery } from '../queries';

type TIndexed = { seq: number; title: string; keywords: string; description: string };

const fold = (term: string): string =>
  term
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** MiniSearch over the corpus, with the filter fields kept beside it in arrays indexed by seq. */
export function miniSearch(): TEngine {
  const index = new MiniSearch<TIndexed>({
    idField: 'seq',
    fields: ['title', 'keywords', 'description'],
    storeFields: [],
    processTerm: (term) => {
      const folded = fold(term);
      return folded.length > 0 ? folded : null;
    },
    searchOptions: { boost: { title: 10, keywords: 4, description: 1 }, combineWith: 'AND' },
  });
  const prices: number[] = [0];
  const categories: string[][] = [[]];
  const keywords: string[][] = [[]];

  const passes = (query: TEngineQuery) => {
    const wanted = query.categories ? new Set(query.categories) : undefined;
    const keywordsWanted = query.keywords ? new Set(query.keywords) : undefined;
    return (seq: number) =>
      (query.minPrice === undefined || prices[seq]! >= query.minPrice) &&
      (query.maxPrice === undefined || prices[seq]! <= query.maxPrice) &&
      (!wanted || categories[seq]!.some((category) => wanted.has(category))) &&
      (!keywordsWanted || keywords[seq]!.some((keyword) => keywordsWanted.has(keyword)));
  };

  async function search(query: TEngineQuery): Promise<TEngineResult> {
    const accept = passes(query);
    if (query.words.length === 0) {
      // No words: the newest documents that pass the filters, as the other candidates list them.
      const seqs: number[] = [];
      let total = 0;
      for (let seq = prices.length - 1; seq > 0 && total < COUNT_CAP; seq--) {
        if (!accept(seq)) continue;
        total++;
        if (seqs.length < PAGE_SIZE) seqs.push(seq);
      }
      return { seqs, total };
    }
    const hasFilter =
      query.categories || query.keywords || query.minPrice !== undefined || query.maxPrice !== undefined;
    const results = index.search(query.words.join(' '), hasFilter ? { filter: (result) => accept(result.id) } : {});
    return {
      seqs: results.slice(0, PAGE_SIZE).map((result) => result.id as number),
      total: Math.min(results.length, COUNT_CAP),
    };
  }

  return {
    async build(docs: AsyncIterable<TEngineDoc>) {
      for await (const doc of docs) {
        index.add({ seq: doc.seq, title: doc.title, keywords: doc.keywords.join(' ; '), description: doc.description });
        prices[doc.seq] = doc.price;
        categories[doc.seq] = doc.categories;
        keywords[doc.seq] = doc.keywords;
      }
    },
    modes: () => [{ label: 'MiniSearch 7.2 (in memory, scores all matches)', search, concurrency: 1 }],
    measure: async () => ({ bytesOnDisk: 0 }),
    close: async () => {},
  };
}
