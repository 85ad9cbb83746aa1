import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FacetCounter } from './facet-counter';
import { writeFacetSnapshot } from './facet-snapshot';
import { type TIndexSource, toIndexDocument, writeDocuments } from './index-documents';
import { createIndexSchema, openReader } from './index-schema';
import { queryIndex } from './query-index';
import { NO_INDEX_FILTER, type TIndexFilter, type TIndexSearch } from './search-index';

const CATEGORIES = ['ENVIRONMENT', 'TRANSPORT', 'HEALTH'];
const KEYWORDS = ['air', 'noise', 'traffic', 'water'];
const PUBLISHERS = ['City', 'State'];

/** Offer i: every third mentions rivers, each with its own mix of category, keywords and publisher. */
const source = (i: number, overrides: Partial<TIndexSource> = {}): TIndexSource => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: i % 3 === 0 ? `River measurements ${i}` : `Street survey ${i}`,
  description: 'Open data of the region.',
  language: 'en',
  keywords: [KEYWORDS[i % 4] as string, ...(i % 5 === 0 ? [KEYWORDS[(i + 1) % 4] as string] : [])],
  categories: [CATEGORIES[i % 3] as string, ...(i % 7 === 0 ? [CATEGORIES[(i + 1) % 3] as string] : [])],
  price: 0,
  modified: new Date(Date.UTC(2024, 0, 1 + i)),
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-filter-'));
  dirs.push(dir);
  const file = path.join(dir, 'index.sqlite');
  const writer = new Database(file);
  writer.pragma('journal_mode = wal');
  createIndexSchema(writer);
  writeDocuments(writer, sources.map(toIndexDocument), [], { countWords: true });
  writeFacetSnapshot(writer, new FacetCounter(writer).snapshot());
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

/** What a filter must let through: any of a facet's values, every facet named. */
function passes(offer: TIndexSource, filter: Partial<TIndexFilter>): boolean {
  const any = (values: string[] | undefined, held: string[]) =>
    !values || values.length === 0 || values.some((value) => held.includes(value));
  return (
    any(filter.categories, offer.categories) &&
    any(filter.keywords, offer.keywords) &&
    any(filter.publishers, offer.publishers) &&
    (!filter.hasWorkingEndpoint || offer.hasWorkingEndpoint)
  );
}

/** The offers a text search for 'river' with the filter finds, newest first, and their category counts. */
function expected(sources: TIndexSource[], filter: Partial<TIndexFilter>) {
  const found = sources
    .filter((offer) => offer.title.startsWith('River') && passes(offer, filter))
    .sort((a, b) => (b.modified as Date).getTime() - (a.modified as Date).getTime());
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
    const changed = [
      source(3, { keywords: ['noise'] }),
      source(6, { keywords: ['water'] }),
      source(9, { hasWorkingEndpoint: true }),
      source(12, { hasWorkingEndpoint: false }),
    ];
    writeDocuments(writer, changed.map(toIndexDocument), [], { countWords: true });
    const now = sources.map((offer) => changed.find((change) => change.id === offer.id) ?? offer);
    for (const filter of FILTERS) {
      expect(queryIndex(reader, search(['river'], filter)).offerIds, JSON.stringify(filter)).toEqual(
        expected(now, filter).offerIds,
      );
    }
  });
});
