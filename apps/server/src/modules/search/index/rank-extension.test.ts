import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIndexSource } from './index-documents';
import { openReader } from './index-schema';
import { phraseCounts } from './phrase-counts';
import { queryIndex } from './query-index';
import { hasRankExtension, rankExtensionFile } from './rank-extension';
import { NO_INDEX_FILTER, type TIndexFilter, type TIndexSearch } from './search-index';
import { writeTestIndex } from './write-test-index';

const WORDS = ['air', 'quality', 'water', 'river', 'noise', 'traffic', 'station', 'measurements', 'daily', 'urban'];
const GERMAN = ['Luft', 'Messungen', 'Verkehr', 'Lärm', 'Wasser'];

/** Offer i: common words in most titles and descriptions, rarer ones in few, in varied numbers and lengths. */
const source = (i: number): TIndexSource => {
  const pick = (n: number, salt: number) =>
    Array.from({ length: n }, (_, j) => WORDS[(i * 7 + j * 3 + salt + Math.floor(i / 13)) % (1 + (i % WORDS.length))]);
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: [...pick(1 + (i % 4), 1), ...(i % 9 === 0 ? [GERMAN[i % GERMAN.length] as string] : [])].join(' '),
    description: `${pick(2 + (i % 11), 5).join(' ')}. Open data of the region ${i % 17}.`,
    language: i % 9 === 0 ? 'de' : 'en',
    keywords: pick(1 + (i % 3), 2) as string[],
    categories: [i % 2 === 0 ? 'ENVIRONMENT' : 'TRANSPORT'],
    price: i % 5,
    modified: new Date(Date.UTC(2024, 0, 1 + (i % 300))),
    paymentModel: 'FREE_OF_CHARGE',
    formats: ['CSV'],
    licences: ['CC-BY-4.0'],
    publishers: [i % 3 === 0 ? 'City' : 'State'],
    hasWorkingEndpoint: i % 4 === 0,
  };
};

let dir = '';
let native: Database.Database;
let counted: Database.Database;
beforeAll(() => {
  // More matches of the common words than the ranking window (2,000), so that the window and the titles beyond
  // it are ranked as at a million offers.
  const built = writeTestIndex(
    Array.from({ length: 4_000 }, (_, i) => source(i)),
    { countWords: true },
  );
  built.writer.close();
  dir = built.dir;
  native = openReader(built.file);
  counted = openReader(built.file, { isRankedNatively: false });
});
afterAll(() => {
  native.close();
  counted.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (terms: string[], filter: Partial<TIndexFilter> = {}, limit = 50): TIndexSearch => ({
  terms,
  exact: false,
  sort: 'relevance',
  filter: { ...NO_INDEX_FILTER, ...filter },
  offset: 0,
  limit,
});

describe('ranking with dsm_bm25 (phrase counts given)', () => {
  it('is compiled and loaded on a search connection', () => {
    expect(rankExtensionFile().error).toBeNull();
    expect(hasRankExtension(native)).toBe(true);
    expect(hasRankExtension(counted)).toBe(false);
  });

  it('ranks every search as bm25() does: the same offers in the same order', () => {
    const searches = [
      search(['air']),
      search(['quality'], {}, 200),
      search(['air quality']),
      search(['"air quality"']),
      search(['river', 'station']),
      search(['water -noise']),
      search(['Luft Messungen']),
      search(['lärm']),
      search(['measurments']),
      search(['air', 'unknownword']),
      search(['traffic'], { categories: ['TRANSPORT'] }),
      search(['urban daily'], { publishers: ['City'], minPrice: 1, maxPrice: 3 }),
      search(['region'], {}, 100),
    ];
    for (const query of searches) {
      const answer = queryIndex(native, query);
      const expected = queryIndex(counted, query);
      expect(answer.total, query.terms.join(' ')).toBeGreaterThan(0);
      expect(answer.offerIds, query.terms.join(' ')).toEqual(expected.offerIds);
      expect(answer.total).toBe(expected.total);
    }
  });

  it("scores a match as bm25() does, with the phrases' counts given, stale or left out", () => {
    const expression = '("air" OR "quality") AND "station" NOT "noise"';
    const rows = (score: string, ...params: unknown[]) =>
      native
        .prepare(`select rowid, ${score} as score from docs_fts where docs_fts match ? order by rowid desc limit 500`)
        .all(...params, expression) as { rowid: number; score: number }[];
    const expected = rows('bm25(docs_fts, 10.0, 4.0, 1.0, 0.0)');
    expect(expected.length).toBeGreaterThan(100);
    const given = phraseCounts(native, ['air', 'quality', 'station']);
    for (const actual of [
      rows(`dsm_bm25(docs_fts, 10.0, 4.0, 1.0, 0.0${', ?, ?'.repeat(given.length)})`, ...given.flat()),
      rows('dsm_bm25(docs_fts, 10.0, 4.0, 1.0, 0.0)'),
      rows("dsm_bm25(docs_fts, 10.0, 4.0, 1.0, 0.0, 'station', ?)", given[2]?.[1]),
    ]) {
      expect(actual.map((row) => row.rowid)).toEqual(expected.map((row) => row.rowid));
      for (const [i, row] of actual.entries()) expect(row.score).toBeCloseTo(expected[i]?.score ?? 0, 9);
    }
    // A count of more offers than the index holds (one kept from before offers were removed) still ranks.
    const stale = rows("dsm_bm25(docs_fts, 10.0, 4.0, 1.0, 0.0, 'air', 1000000)");
    expect(stale.every((row) => Number.isFinite(row.score))).toBe(true);
  });
});
