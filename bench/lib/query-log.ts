// The search benchmark's query log: distinct queries of 1-4 words taken from the loaded catalogue's titles
// and keywords, replayed with Zipf-distributed popularity, as a search box's log looks. 10 % carry one typo,
// 5 % are phrases and 20 % carry filters (categories, keywords, a price range: what the search request
// allows). Deterministic for a given catalogue, seed and size.
import { type TSearchRequestInput, ZSearchRequest } from '@dsm/contracts';
import type pg from 'pg';
import { mix32, mulberry32, type TRandom } from '../../apps/server/src/modules/catalogue/generate-offers';
import type { TIndexSearch } from '../../apps/server/src/modules/search/index/search-index';
import { zipfSampler } from './realistic-corpus/generate-realistic-offers';

/** The classes the benchmark reports on; a query belongs to exactly one. */
export const QUERY_CLASSES = ['one term', 'multi-term', 'typo', 'phrase', 'filtered'] as const;
export type TQueryClass = (typeof QUERY_CLASSES)[number];

export type TLoggedQuery = {
  /** The `query` parameter: '|'-joined terms. */
  query: string;
  body: TSearchRequestInput;
  queryClass: TQueryClass;
};

/** What a query is drawn from: one offer of the loaded catalogue. */
export type TSampledOffer = { title: string; keywords: string[]; categories: string[]; price: number };

/**
 * A deterministic sample of the loaded catalogue: the offers whose ids hash lowest, so the same catalogue
 * gives the same sample however it was loaded.
 */
export async function sampleCatalogue(pool: pg.Pool, size: number): Promise<TSampledOffer[]> {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    const { rows } = await client.query<{ title: string; keywords: string[]; categories: string[]; price: string }>(
      `select title, keywords, categories, price from offers where state = 'ACTIVE'
       order by md5(id::text) limit $1`,
      [size],
    );
    return rows.map((row) => ({ ...row, price: Number(row.price) }));
  } finally {
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** The words a user would type from a text: word-like segments, numbers included, in their order. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const segment of segmenter.segment(text)) {
    if (segment.isWordLike) words.push(segment.segment.toLowerCase());
  }
  return words;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzäöüß';
const LATIN = /^\p{Script=Latin}+$/u;

/**
 * One typo as the search issue defines them: two neighbours swapped, a letter dropped, inserted or replaced,
 * in a word of at least 5 letters. Undefined when the words hold no such word.
 */
export function withTypo(random: TRandom, words: readonly string[]): string[] | undefined {
  const candidates = words
    .map((word, i) => [word, i] as const)
    .filter(([word]) => word.length >= 5 && LATIN.test(word));
  if (candidates.length === 0) return undefined;
  const [word, at] = candidates[Math.floor(random() * candidates.length)]!;
  const letters = [...word];
  const position = 1 + Math.floor(random() * (letters.length - 2));
  const letter = () => LETTERS[Math.floor(random() * LETTERS.length)]!;
  let typo: string;
  do {
    const copy = [...letters];
    switch (Math.floor(random() * 4)) {
      case 0:
        [copy[position], copy[position + 1]] = [copy[position + 1]!, copy[position]!];
        break;
      case 1:
        copy.splice(position, 1);
        break;
      case 2:
        copy.splice(position, 0, letter());
        break;
      default:
        copy[position] = letter();
    }
    typo = copy.join('');
  } while (typo === word);
  return words.map((w, i) => (i === at ? typo : w));
}

const pick = <T>(random: TRandom, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** 1 to 4 words, shorter ones more often, as typed queries are. */
function wordCount(random: TRandom): number {
  const roll = random();
  return roll < 0.35 ? 1 : roll < 0.7 ? 2 : roll < 0.9 ? 3 : 4;
}

/** A run of `count` neighbouring words of a title, or one keyword's words. */
function drawWords(random: TRandom, offer: TSampledOffer, count: number): string[] {
  const fromKeyword = offer.keywords.length > 0 && random() < 0.3;
  const words = wordsOf(fromKeyword ? pick(random, offer.keywords) : offer.title);
  if (words.length <= count) return words;
  const start = Math.floor(random() * (words.length - count + 1));
  return words.slice(start, start + count);
}

function filterOf(random: TRandom, offer: TSampledOffer): NonNullable<TSearchRequestInput['filter']> {
  const roll = random();
  if (roll < 0.45 && offer.categories.length > 0) return { categories: [pick(random, offer.categories)] };
  // Only keywords the search request accepts as a filter value (portals write some very long ones).
  const keywords = offer.keywords.filter((keyword) => keyword.trim().length > 0 && keyword.length <= 200);
  if (roll < 0.75 && keywords.length > 0) return { keywords: [pick(random, keywords)] };
  if (offer.price === 0) return { maxPrice: 0 };
  return { minPrice: Math.floor(offer.price / 2), maxPrice: Math.ceil(offer.price * 2) };
}

export type TBuildQueryLogOptions = {
  offers: readonly TSampledOffer[];
  /** Distinct queries wanted. */
  size: number;
  seed?: number;
};

/**
 * The distinct queries of the log, in popularity order (the first is the most asked). Class shares are
 * fixed by position: 10 % typo, 5 % phrase, 20 % filtered (a fifth of those with no text), the rest plain
 * one-term or multi-term queries.
 */
export function buildQueryLog({ offers, size, seed = 24 }: TBuildQueryLogOptions): TLoggedQuery[] {
  if (offers.length === 0) throw new Error('The catalogue is empty: no queries to draw');
  const random = mulberry32(mix32(seed ^ 0x9e7));
  const seen = new Set<string>();
  const log: TLoggedQuery[] = [];
  const body = (filter?: TSearchRequestInput['filter']): TSearchRequestInput =>
    filter ? { index: 0, pageSize: 10, filter } : { index: 0, pageSize: 10 };
  /** One candidate of a class from one offer; undefined when that offer cannot give one. */
  const candidate = (queryClass: 'plain' | 'typo' | 'phrase' | 'filtered', offer: TSampledOffer) => {
    if (queryClass === 'typo') {
      const words = withTypo(random, drawWords(random, offer, wordCount(random)));
      return words ? { query: words.join('|'), body: body(), queryClass } : undefined;
    }
    if (queryClass === 'phrase') {
      const words = drawWords(random, offer, 2 + Math.floor(random() * 2));
      return words.length >= 2 ? { query: `"${words.join(' ')}"`, body: body(), queryClass } : undefined;
    }
    if (queryClass === 'filtered') {
      const words = random() < 0.2 ? [] : drawWords(random, offer, wordCount(random));
      return { query: words.join('|'), body: body(filterOf(random, offer)), queryClass };
    }
    const words = drawWords(random, offer, wordCount(random));
    if (words.length === 0) return undefined;
    return { query: words.join('|'), body: body(), queryClass: words.length === 1 ? 'one term' : 'multi-term' };
  };
  while (log.length < size) {
    const roll = random();
    const queryClass = roll < 0.1 ? 'typo' : roll < 0.15 ? 'phrase' : roll < 0.35 ? 'filtered' : 'plain';
    // Retried within the class, so a class that is harder to draw keeps its share.
    let entry: TLoggedQuery | undefined;
    for (let attempt = 0; !entry && attempt < 1000; attempt++) {
      const drawn = candidate(queryClass, pick(random, offers)) as TLoggedQuery | undefined;
      if (!drawn) continue;
      const key = `${drawn.query}\u0000${JSON.stringify(drawn.body)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entry = drawn;
    }
    if (!entry) throw new Error(`The catalogue sample gives fewer than ${size} distinct queries`);
    log.push(entry);
  }
  return log;
}

/** Exponent of query popularity: the most asked query is about 6 % of a log of 5,000. */
export const QUERY_POPULARITY_EXPONENT = 0.9;

/**
 * The order in which the log is replayed: `length` positions into the log of `size` queries, drawn with
 * Zipf-distributed popularity, so head queries repeat and the tail is asked once or never.
 */
export function replayOrder(size: number, length: number, seed = 24): Uint32Array {
  const random = mulberry32(mix32(seed ^ 0x7e9a));
  const sample = zipfSampler(size, QUERY_POPULARITY_EXPONENT);
  const order = new Uint32Array(length);
  for (let i = 0; i < length; i++) order[i] = sample(random);
  return order;
}

/** A logged search as the engine takes it: the terms split, the filter without dates or offer ids, the page as offset and limit. */
export function toIndexSearch(query: string, body: TSearchRequestInput): TIndexSearch {
  const request = ZSearchRequest.parse(body);
  return {
    terms: query.split('|').filter((term) => term.trim().length > 0),
    exact: request.exact,
    sort: request.sort,
    filter: {
      ...request.filter,
      modifiedFrom: null,
      modifiedTo: null,
      offerIds: null,
    },
    offset: request.index * request.pageSize,
    limit: request.pageSize,
  };
}
