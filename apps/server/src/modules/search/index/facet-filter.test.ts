import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type TIndexSource, toIndexDocument, writeDocuments } from './index-documents';
import { openReader } from './index-schema';
import { queryIndex } from './query-index';
import { NO_INDEX_FILTER, type TIndexFilter, type TIndexSearch } from './search-index';
import { writeTestIndex } from './write-test-index';

const CATEGORIES = ['ENVIRONMENT', 'TRANSPORT', 'HEALTH'];
const KEYWORDS = ['air', 'noise', 'traffic', 'water'];
const PUBLISHERS = ['City', 'State'];
/** Prices repeat every 18 offers (each mentioning rivers every third): free ones, and bounds a range meets exactly. */
const PRICES = [0, 2.5, 0, 10, 49.99, 120];

/** Offer i: every third mentions rivers, each with its own mix of category, keywords, publisher and price. */
const source = (i: number, overrides: Partial<TIndexSource> = {}): TIndexSource => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: i % 3 === 0 ? `River measurements ${i}` : `Street survey ${i}`,
  description: 'Open data of the region.',
  language: 'en',
  keywords: [KEYWORDS[i % 4] as string, ...(i % 5 === 0 ? [KEYWORDS[(i + 1) % 4] as string] : [])],
  categories: [CATEGORIES[i % 3] as string, ...(i % 7 === 0 ? [CATEGORIES[(i + 1) % 3] as string] : [])],
  price: PRICES[Math.floor(i / 3) % PRICES.length] as number,
  modified: i % 11 === 10 ? null : new Date(Date.UTC(2024, 0, 1 + i)),
  paymentModel: 'FREE_OF_CHARGE',
  formats: ['CSV'],
  licences: ['CC-BY-4.0'],
  publishers: [PUBLISHERS[i % 2] as string],
  hasWorkingEndpoint: i % 4 === 0,
  ...overrides,
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An index of 60 offers with its facet snapshot, as a full build leaves it, and a reader as a search thread has. */
function builtIndex(sources: TIndexSource[]): { writer: Database.Database; reader: Database.Database } {
  const { dir, file, writer } = writeTestIndex(sources, { countWords: true });
  dirs.push(dir);
  return { writer, reader: openReader(file) };
}

const search = (terms: string[], filter: Partial<TIndexFilter>): TIndexSearch => ({
  terms,
  exact: false,
  sort: 'newest',
  filter: { ...NO_INDEX_FILTER, ...filter },
  offset: 0,
  limit: 100,
});

/**
 * What a filter must let through: any of a facet's values, every facet named; the price within its range, bounds
 * included; the modification day within its range (an unknown one in none).
 */
function passes(offer: TIndexSource, filter: Partial<TIndexFilter>): boolean {
  const any = (values: string[] | undefined, held: string[]) =>
    !values || values.length === 0 || values.some((value) => held.includes(value));
  const day = offer.modified?.toISOString().slice(0, 10) ?? null;
  const dated = !filter.modifiedFrom && !filter.modifiedTo;
  return (
    any(filter.categories, offer.categories) &&
    any(filter.keywords, offer.keywords) &&
    any(filter.publishers, offer.publishers) &&
    (!filter.hasWorkingEndpoint || offer.hasWorkingEndpoint) &&
    (filter.minPrice == null || offer.price >= filter.minPrice) &&
    (filter.maxPrice == null || offer.price <= filter.maxPrice) &&
    (dated ||
      (day !== null &&
        (!filter.modifiedFrom || day >= filter.modifiedFrom) &&
        (!filter.modifiedTo || day <= filter.modifiedTo)))
  );
}

/** The offers a text search for 'river' with the filter finds, newest first (unknown dates last), and their category counts. */
function expected(sources: TIndexSource[], filter: Partial<TIndexFilter>) {
  const time = (offer: TIndexSource) => offer.modified?.getTime() ?? Number.NEGATIVE_INFINITY;
  const found = sources
    .filter((offer) => offer.title.startsWith('River') && passes(offer, filter))
    .sort((a, b) => time(b) - time(a) || (a.id < b.id ? -1 : 1));
  const counts = new Map<string, number>();
  for (const offer of found)
    for (const category of offer.categories) counts.set(category, (counts.get(category) ?? 0) + 1);
  return { offerIds: found.map((offer) => offer.id), categories: counts };
}

const FILTERS: Partial<TIndexFilter>[] = [
  { categories: ['TRANSPORT'] },
  { categories: ['TRANSPORT', 'HEALTH'] },
  { keywords: ['noise'] },
  { categories: ['ENVIRONMENT'], publishers: ['State'] },
  { categories: ['HEALTH'], keywords: ['air', 'water'], publishers: ['City'] },
  { keywords: ['unknown keyword'] },
  { hasWorkingEndpoint: true },
  { categories: ['TRANSPORT'], hasWorkingEndpoint: true },
  // Price ranges: both bounds (each met exactly by some offers), the lower or the upper alone, only free offers,
  // ranges no offer's price falls in, and beside facets, dates and working endpoints.
  { minPrice: 2.5, maxPrice: 49.99 },
  { minPrice: 10 },
  { maxPrice: 2.5 },
  { minPrice: 0, maxPrice: 0 },
  { maxPrice: 0 },
  { minPrice: 50, maxPrice: 100 },
  { minPrice: 1000 },
  { categories: ['TRANSPORT'], minPrice: 2.5 },
  { keywords: ['noise', 'air'], maxPrice: 10 },
  { maxPrice: 10, hasWorkingEndpoint: true },
  { modifiedFrom: '2024-01-10', modifiedTo: '2024-02-01', minPrice: 0.5 },
  { modifiedFrom: '2024-01-20' },
  { modifiedTo: '2024-01-31' },
];

describe('facet filters beside a text match', () => {
  it('find exactly the matching offers that have a named value of every filtered facet, with their counts', () => {
    const sources = Array.from({ length: 60 }, (_, i) => source(i));
    const { reader } = builtIndex(sources);
    for (const filter of FILTERS) {
      const answer = queryIndex(reader, search(['river'], filter));
      const wanted = expected(sources, filter);
      expect(answer.offerIds, JSON.stringify(filter)).toEqual(wanted.offerIds);
      expect(answer.total).toBe(wanted.offerIds.length);
      expect(new Map(answer.facets.categories.map((entry) => [entry.value, entry.count]))).toEqual(wanted.categories);
    }
  });

  it('follow offers changed after the index was built', () => {
    const sources = Array.from({ length: 60 }, (_, i) => source(i));
    const { writer, reader } = builtIndex(sources);
    expect(queryIndex(reader, search(['river'], { keywords: ['noise'] })).total).toBe(
      expected(sources, { keywords: ['noise'] }).offerIds.length,
    );
    // Offer 3 now carries 'noise' and offer 6 no longer does, as the outbox writes changes; the link checker found
    // offer 9's endpoint online and offer 12's offline.
    // Offers 15 and 18 get new prices, 21 an unknown date and 24 one in the range filtered; offer 27 is removed.
    const changed = [
      source(3, { keywords: ['noise'] }),
      source(6, { keywords: ['water'] }),
      source(9, { hasWorkingEndpoint: true }),
      source(12, { hasWorkingEndpoint: false }),
      source(15, { price: 75 }),
      source(18, { price: 0 }),
      source(21, { modified: null }),
      source(24, { modified: new Date(Date.UTC(2024, 0, 15)) }),
    ];
    const removed = source(27);
    writeDocuments(writer, changed.map(toIndexDocument), [removed.id], { countWords: true });
    const now = sources
      .filter((offer) => offer.id !== removed.id)
      .map((offer) => changed.find((change) => change.id === offer.id) ?? offer);
    for (const filter of FILTERS) {
      expect(queryIndex(reader, search(['river'], filter)).offerIds, JSON.stringify(filter)).toEqual(
        expected(now, filter).offerIds,
      );
    }
  });
});

describe('facet values as words of the match', () => {
  it('filter by values of any spelling, told apart by case and accents, and are never found as words', () => {
    const KEYWORD_VALUES = ['Wasser Qualität', 'wasser qualitat', '水質', 'PM2.5 / NO₂'];
    const PUBLISHER_VALUES = ['Land Brandenburg', 'land brandenburg'];
    const sources = Array.from({ length: 48 }, (_, i) =>
      source(i, {
        keywords: [KEYWORD_VALUES[i % 4] as string],
        publishers: [PUBLISHER_VALUES[Math.floor(i / 4) % 2] as string],
      }),
    );
    const { reader } = builtIndex(sources);
    const filters: Partial<TIndexFilter>[] = [
      ...KEYWORD_VALUES.map((value) => ({ keywords: [value] })),
      ...PUBLISHER_VALUES.map((value) => ({ publishers: [value] })),
      { keywords: ['Wasser Qualität', '水質'], publishers: ['land brandenburg'] },
      { keywords: ['PM2.5 / NO₂'], categories: ['ENVIRONMENT'], minPrice: 1 },
    ];
    for (const filter of filters) {
      const wanted = expected(sources, filter);
      expect(wanted.offerIds.length, JSON.stringify(filter)).toBeGreaterThan(0);
      const answer = queryIndex(reader, search(['river'], filter));
      expect(answer.offerIds, JSON.stringify(filter)).toEqual(wanted.offerIds);
      expect(answer.total).toBe(wanted.offerIds.length);
      // By relevance too: the same offers, whatever their order.
      const ranked = queryIndex(reader, { ...search(['river'], filter), sort: 'relevance' });
      expect([...ranked.offerIds].sort()).toEqual([...wanted.offerIds].sort());
    }
    // A publisher is no word of an offer's text: searching its name finds nothing.
    expect(queryIndex(reader, search(['brandenburg'], {})).total).toBe(0);
  });
});

/**
 * 1,300 offers that all mention rivers. Keyword 'lidar' is on 2 of them (the words match 650 times as many
 * offers), 'sonar' on 65, 'radar' on 130 and 'water' on the 650 others: a keyword of a few offers beside a common
 * word and one of half of them. Each rare keyword's offers alone have a price, and the 'water' offers alone a
 * working endpoint: the same offers filtered without a facet.
 */
const planned = (i: number): TIndexSource => {
  const keyword =
    i % 650 === 7 ? 'lidar' : i % 20 === 3 ? 'sonar' : i % 10 === 1 ? 'radar' : i % 2 === 0 ? 'water' : 'air';
  return source(i, {
    title: i % 3 === 0 ? `River gauge ${i}` : `Gauge station ${i}`,
    description: `${'river '.repeat(1 + (i % 5))}levels of the region${i % 4 === 0 ? ', gauge readings' : ''}.`,
    keywords: [keyword],
    categories: [CATEGORIES[i % 3] as string],
    price: { lidar: 7, sonar: 3, radar: 5, water: 0, air: 0 }[keyword],
    modified: new Date(Date.UTC(2024, 0, 1 + i)),
    hasWorkingEndpoint: keyword === 'water',
  });
};

/** Words every offer has, a third have, fewer have, and a word no offer has beside a common one. */
const QUERIES = [['river'], ['river', 'gauge'], ['gauge', 'readings'], ['river', 'unicorn']];

describe('a facet filter of few or many offers beside a common word', () => {
  const CASES: { facet: Partial<TIndexFilter>; same: Partial<TIndexFilter> }[] = [
    { facet: { keywords: ['lidar'] }, same: { minPrice: 7, maxPrice: 7 } },
    { facet: { keywords: ['sonar'] }, same: { minPrice: 3, maxPrice: 3 } },
    { facet: { keywords: ['radar'] }, same: { minPrice: 5, maxPrice: 5 } },
    { facet: { keywords: ['water'] }, same: { hasWorkingEndpoint: true } },
  ];

  it('finds the same offers in the same order, with the same totals and counts, as a filter on their rows', () => {
    const sources = Array.from({ length: 1_300 }, (_, i) => planned(i));
    const { reader } = builtIndex(sources);
    for (const { facet, same } of CASES) {
      const holders = sources.filter((offer) => offer.keywords.includes(facet.keywords?.[0] as string));
      expect(holders.length).toBeGreaterThan(0);
      // Newest first: exactly the offers holding the keyword and every word.
      const newest = queryIndex(reader, search(['river', 'gauge'], facet));
      const wanted = holders
        .filter((offer) => `${offer.title} ${offer.description}`.toLowerCase().includes('gauge'))
        .sort((a, b) => (b.modified as Date).getTime() - (a.modified as Date).getTime())
        .map((offer) => offer.id);
      expect(newest.offerIds, JSON.stringify(facet)).toEqual(wanted.slice(0, 100));
      expect(newest.total).toBe(wanted.length);
      // By relevance: what the same offers filtered by price or endpoint (no facet) give.
      for (const terms of QUERIES) {
        const byFacet = queryIndex(reader, { ...search(terms, facet), sort: 'relevance', limit: 20 });
        const bySame = queryIndex(reader, { ...search(terms, same), sort: 'relevance', limit: 20 });
        const { stages: _a, ...answer } = byFacet;
        const { stages: _b, ...control } = bySame;
        expect(answer, `${terms.join(' ')} ${JSON.stringify(facet)}`).toEqual(control);
        expect(answer.total).toBeGreaterThan(0);
      }
    }
  });
});

describe("a price range and the other conditions on an offer's row beside words", () => {
  /** The offers of `planned` with prices 0 to 9 in steps of 1.5, some dates unknown. */
  const priced = (i: number): TIndexSource => ({
    ...planned(i),
    price: (i % 7) * 1.5,
    modified: i % 13 === 5 ? null : new Date(Date.UTC(2024, 0, 1 + i)),
  });
  const FACETS: Partial<TIndexFilter>[] = [
    {},
    { keywords: ['lidar'] },
    { keywords: ['sonar'] },
    { keywords: ['radar'] },
    { keywords: ['water'] },
    { categories: ['HEALTH'] },
  ];
  const ROWS: Partial<TIndexFilter>[] = [
    { minPrice: 3, maxPrice: 6 },
    { minPrice: 0, maxPrice: 0 },
    { minPrice: 7.5 },
    { maxPrice: 1.5 },
    { minPrice: 4, maxPrice: 4.4 },
    { minPrice: 100 },
    { minPrice: 1.5, hasWorkingEndpoint: true },
    { modifiedFrom: '2024-02-01', modifiedTo: '2024-06-30', maxPrice: 6 },
  ];
  const SORTS: TIndexSearch['sort'][] = ['relevance', 'newest', 'price'];

  /**
   * Every search with words, a facet filter and row conditions gives what the same search gives restricted to
   * the offers the statements without words list for the row conditions (`offerIds`, which SQL reads on each
   * match's row): the same offers, order, totals, facet counts and `matchedAllTerms`.
   */
  function expectAsSql(reader: Database.Database): number {
    let found = 0;
    for (const rows of ROWS) {
      const listed = queryIndex(reader, { ...search([], rows), limit: 100_000 });
      for (const facets of FACETS) {
        for (const terms of QUERIES) {
          for (const sort of SORTS) {
            const query = { ...search(terms, { ...facets, ...rows }), sort, limit: 20 };
            const { stages: _a, ...answer } = queryIndex(reader, query);
            const { stages: _b, ...control } = queryIndex(reader, {
              ...query,
              filter: { ...NO_INDEX_FILTER, ...facets, offerIds: listed.offerIds },
            });
            expect(answer, `${terms.join(' ')} ${sort} ${JSON.stringify({ ...facets, ...rows })}`).toEqual(control);
            found += answer.total;
          }
        }
      }
    }
    return found;
  }

  it("find what SQL reading each match's row finds, also after offers are changed and removed", () => {
    const sources = Array.from({ length: 1_300 }, (_, i) => priced(i));
    const { writer, reader } = builtIndex(sources);
    expect(expectAsSql(reader)).toBeGreaterThan(0);
    // New prices, dates and endpoints for some offers, some removed and some added, as the outbox writes them.
    const changed = [
      ...Array.from({ length: 120 }, (_, i) => priced(i * 10 + 3)).map((offer, i) => ({
        ...offer,
        price: i % 2 === 0 ? 0 : 4.5,
        modified: i % 5 === 0 ? null : new Date(Date.UTC(2024, 2, 1 + i)),
        hasWorkingEndpoint: i % 3 === 0,
      })),
      ...Array.from({ length: 20 }, (_, i) => priced(1_300 + i)),
    ];
    const removed = Array.from({ length: 40 }, (_, i) => priced(i * 30 + 7).id);
    writeDocuments(writer, changed.map(toIndexDocument), removed, { countWords: true });
    const free = queryIndex(reader, { ...search(['river'], { minPrice: 0, maxPrice: 0 }), limit: 2_000 });
    expect(free.offerIds).toContain(changed[0]?.id);
    expect(free.offerIds).not.toContain(removed[0]);
    expect(expectAsSql(reader)).toBeGreaterThan(0);
  });

  it('find the same in a file whose snapshot keeps no rows (built before they were kept)', () => {
    const sources = Array.from({ length: 1_300 }, (_, i) => priced(i));
    const { writer } = builtIndex(sources);
    writeDocuments(writer, [{ ...priced(4), price: 1_000 }].map(toIndexDocument), [priced(11).id], {
      countWords: true,
    });
    writer.exec("delete from facet_snapshot where part in ('prices', 'modified', 'flags')");
    const reader = openReader(writer.name);
    expect(queryIndex(reader, search(['river'], { minPrice: 1_000 })).offerIds).toEqual([priced(4).id]);
    expect(expectAsSql(reader)).toBeGreaterThan(0);
  });
});
