import { rmSync } from 'node:fs';
import { RESULT_CAP } from '@dsm/contracts';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facetCounterOf } from './facet-counter';
import { type TIndexSource, toIndexDocument, writeDocuments } from './index-documents';
import { FACET_KINDS, openReader } from './index-schema';
import { queryIndex } from './query-index';
import { NO_INDEX_FILTER, type TIndexFilter, type TIndexSearch } from './search-index';
import { writeTestIndex } from './write-test-index';

/**
 * Offer i: most are in ENVIRONMENT (more than the cap), every third also in TRANSPORT; keyword 'noise' on every
 * fifth; prices 0 to 9. Dates repeat (ties are ordered by offer id) and some are unknown; rowids do not follow
 * the dates.
 */
const source = (i: number, overrides: Partial<TIndexSource> = {}): TIndexSource => ({
  id: `00000000-0000-4000-8000-${String((i * 7919) % 100_000).padStart(12, '0')}`,
  title: `${['Street', 'river', 'Air', 'noise'][i % 4]} survey ${i % 500}`,
  description: 'Open data of the region.',
  language: 'en',
  keywords: i % 5 === 0 ? ['noise'] : ['water'],
  categories: [i % 10 === 9 ? 'HEALTH' : 'ENVIRONMENT', ...(i % 3 === 0 ? ['TRANSPORT'] : [])] as string[],
  price: i % 10,
  modified: i % 97 === 0 ? null : new Date(Date.UTC(2020, 0, 1 + ((i * 31) % 900))),
  paymentModel: 'FREE_OF_CHARGE',
  formats: ['CSV'],
  licences: ['CC-BY-4.0'],
  publishers: [i % 2 === 0 ? 'City' : 'State'],
  hasWorkingEndpoint: i % 4 === 0,
  ...overrides,
});

const OFFERS = 30_000;
let dir = '';
let writer: Database.Database;
let reader: Database.Database;

beforeAll(() => {
  const built = writeTestIndex(
    Array.from({ length: OFFERS }, (_, i) => source(i)),
    { countWords: false },
  );
  dir = built.dir;
  writer = built.writer;
  reader = openReader(built.file);
}, 60_000);

afterAll(() => {
  reader?.close();
  writer?.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (filter: Partial<TIndexFilter>, sort: TIndexSearch['sort'], offset: number): TIndexSearch => ({
  terms: [],
  exact: false,
  sort,
  filter: { ...NO_INDEX_FILTER, ...filter },
  offset,
  limit: 25,
});

/**
 * A search's answer, and that of the statements listing the filter's offers: an excluded word no offer has
 * keeps them (the same offers, order, totals and counts).
 */
function bothWays(query: TIndexSearch) {
  const { stages: _a, ...answer } = queryIndex(reader, query);
  const { stages: _b, ...listed } = queryIndex(reader, { ...query, terms: ['-unheardofword'] });
  return { answer, listed: { ...listed, correctedTerms: answer.correctedTerms } };
}

const FILTERS: Partial<TIndexFilter>[] = [
  { categories: ['ENVIRONMENT'] },
  { categories: ['TRANSPORT'] },
  { categories: ['TRANSPORT', 'HEALTH'] },
  { keywords: ['noise'] },
  { categories: ['ENVIRONMENT'], keywords: ['noise'] },
  { minPrice: 2, maxPrice: 9 },
  { minPrice: 5 },
  { minPrice: 8 },
  { maxPrice: 1 },
];
const SORTS: TIndexSearch['sort'][] = ['relevance', 'newest', 'oldest', 'title', 'price'];

function expectSameAnswers(): void {
  for (const filter of FILTERS) {
    for (const sort of SORTS) {
      for (const offset of [0, 40, 4_500, 9_000]) {
        const { answer, listed } = bothWays(search(filter, sort, offset));
        const label = `${JSON.stringify(filter)} ${sort} ${offset}`;
        expect(answer, label).toEqual(listed);
      }
    }
  }
}

/** The offers `doc_facets` lists for facet filters, the highest rowids first, up to `limit`. */
function listed(filter: Partial<TIndexFilter>, limit: number): number[] {
  const parts = Object.entries(filter).map(([name, values]) => ({
    kind: FACET_KINDS[name as keyof typeof FACET_KINDS],
    values: JSON.stringify(values),
  }));
  return reader
    .prepare(
      `select d.rowid from docs d where ${parts.map(() => 'd.rowid in (select doc from doc_facets where kind = ? and value in (select value from json_each(?)))').join(' and ')} order by d.rowid desc limit ?`,
    )
    .pluck()
    .all(...parts.flatMap((part) => [part.kind, part.values]), limit) as number[];
}

const FACET_FILTERS: Partial<TIndexFilter>[] = [
  { categories: ['ENVIRONMENT'] },
  { categories: ['HEALTH'] },
  { categories: ['HEALTH'], keywords: ['noise'] },
  { categories: ['TRANSPORT', 'HEALTH'], keywords: ['water', 'air'] },
  { keywords: ['air'] },
  { keywords: ['unknown keyword'] },
];

function expectSameNewest(): void {
  for (const filter of FACET_FILTERS) {
    for (const limit of [1, 100, RESULT_CAP + 1]) {
      const found = facetCounterOf(reader).newestPassing({ ...NO_INDEX_FILTER, ...filter }, limit);
      expect(found, `${JSON.stringify(filter)} ${limit}`).toEqual(listed(filter, limit));
    }
  }
}

describe('a search without words filtering many offers', () => {
  it('gives the offers, order, total and facet counts the statements listing the filter give', () => {
    const { answer } = bothWays(search({ categories: ['ENVIRONMENT'] }, 'newest', 0));
    expect(answer.total).toBe(RESULT_CAP);
    expect(answer.isTotalCapped).toBe(true);
    expectSameNewest();
    expectSameAnswers();
  });

  it('still does after offers are written, removed and added', () => {
    const changed = [
      // The oldest offers become the newest, and move to another category or keyword.
      ...Array.from({ length: 300 }, (_, i) =>
        source(i * 37, {
          modified: new Date(Date.UTC(2026, 0, 1 + (i % 20))),
          categories: i % 2 === 0 ? ['HEALTH'] : ['TRANSPORT'],
          keywords: i % 3 === 0 ? ['noise'] : ['air'],
          price: (i * 3) % 10,
        }),
      ),
      // New offers, with rowids above every other.
      ...Array.from({ length: 200 }, (_, i) => source(OFFERS + i)),
    ];
    const removed = Array.from({ length: 150 }, (_, i) => source(i * 53 + 11).id);
    writeDocuments(writer, changed.map(toIndexDocument), removed, { countWords: true });
    expectSameNewest();
    expectSameAnswers();
  });
});
