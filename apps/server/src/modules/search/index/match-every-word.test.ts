import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOffer } from '../../../test/factories';
import { createTestDatabase, type TTestDatabase } from '../../../test/test-database';
import { insertOffers } from '../../catalogue/load-offers';
import { NO_INDEX_FILTER, type TIndexSearch } from './search-index';
import { SqliteSearchIndex } from './sqlite-search-index';

let database: TTestDatabase;
const dirs: string[] = [];

const copyText = 'Hourly water levels of the river gauges along the whole stretch';
const older = makeOffer({ title: 'Marsh gauges archive' });
const copyA = makeOffer({ title: 'Marsh gauges', description: copyText, provider: 'Town A' });
const copyB = makeOffer({ title: 'Marsh gauges', description: copyText, provider: 'Town B' });
const paid = makeOffer({
  title: 'Marsh tides paid',
  paymentModel: 'PAY_PER_USE_DOWNLOAD',
  price: 5,
  isSellable: true,
});
const plain = makeOffer({ title: 'Marsh birds' });
const fresh = [copyA, copyB, paid, plain];

const over = (terms: string[], overrides: Partial<TIndexSearch> = {}): TIndexSearch => ({
  terms,
  exact: true,
  sort: 'relevance',
  filter: { ...NO_INDEX_FILTER, offerIds: fresh.map((offer) => offer.id) },
  offset: 0,
  limit: fresh.length,
  ...overrides,
});

beforeAll(async () => {
  database = await createTestDatabase();
  await insertOffers(database.db, [older, ...fresh]);
});

afterAll(async () => {
  await database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each([0, 1])('matching every word over a few offers (%i search threads)', (workers) => {
  it('answers each search as the search itself does when it matches every word, and nothing otherwise', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dsm-match-every-word-'));
    dirs.push(dir);
    const index = await SqliteSearchIndex.open({ dir, database, workers });
    try {
      const searches = [
        over(['marsh']),
        over(['marsh'], { sort: 'newest' }),
        over(['marsh tides']),
        // No offer has both words: a search shows those with one, an alert none.
        over(['tides birds']),
        over(['marsh -birds']),
        over(['marsh'], { filter: { ...over([]).filter, paymentModels: ['PAY_PER_USE_DOWNLOAD'] } }),
        over([]),
        over(['marsh'], { filter: { ...NO_INDEX_FILTER, offerIds: [plain.id] } }),
      ];
      const answered = await index.matchEveryWord(searches);
      const bySearch = await Promise.all(
        searches.map(async (search) => {
          const result = await index.search(search);
          return result.matchedAllTerms ? result.offerIds : [];
        }),
      );
      const sorted = (lists: string[][]) => lists.map((ids) => [...ids].sort());
      expect(sorted(answered)).toEqual(sorted(bySearch));
      const [relevance, newest, both, none, excluded, filtered, everything, one] = sorted(answered);
      // A relevance search shows the two federated copies as one; the older offer is not among the new ones.
      expect(relevance).toHaveLength(3);
      expect(relevance).toContain(paid.id);
      expect(relevance).toContain(plain.id);
      expect(newest).toEqual(fresh.map((offer) => offer.id).sort());
      expect(both).toEqual([paid.id]);
      expect(none).toEqual([]);
      expect(excluded).not.toContain(plain.id);
      expect(filtered).toEqual([paid.id]);
      expect(everything).toEqual(fresh.map((offer) => offer.id).sort());
      expect(one).toEqual([plain.id]);
    } finally {
      await index.close();
    }
  });
});
