import { ZSearchRequest } from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../../test/test-database';
import { generateOffers } from '../../catalogue/generate-offers';
import { loadOffers } from '../../catalogue/load-offers';
import { JUDGED_OFFERS, JUDGED_QUERIES } from '../evaluation/judged-corpus';
import { openTemporarySearchIndex, type TTemporarySearchIndex } from '../index/open-temporary-search-index';
import { searchOffers } from './search-offers';

/** Generated offers around the judged ones, so every judged query competes with realistic noise. */
const NOISE = 5000;
let database: TTestDatabase;
let searchIndex: TTemporarySearchIndex;

beforeAll(async () => {
  database = await createTestDatabase();
  searchIndex = await openTemporarySearchIndex(database);
  await loadOffers({ pool: database.pool, records: JUDGED_OFFERS });
  await loadOffers({ pool: database.pool, records: generateOffers({ count: NOISE, seed: 7 }) });
  await sql`analyze`.execute(database.db);
  // The index takes the 5,000 offers in here, under the hook's time limit, not in the first query's.
  await searchIndex.refresh();
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('relevance: judged queries over a fixed corpus', () => {
  it('has at least 30 judged queries, each naming an offer of the corpus', () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(30);
    const judgedIds = new Set(JUDGED_OFFERS.map((offer) => offer.id));
    for (const judged of JUDGED_QUERIES) expect(judgedIds.has(judged.expectedOfferId), judged.query).toBe(true);
  });

  it.each(JUDGED_QUERIES.map((judged) => [judged.query, judged] as const))(
    '%s finds its offer in the top 3',
    async (_query, judged) => {
      const result = await searchOffers({
        db: database.db,
        searchIndex,
        query: judged.query,
        request: ZSearchRequest.parse({ index: 0, pageSize: 10 }),
      });
      const top3 = result.data.slice(0, 3).map((offer) => `${offer['@id']} ${offer.title}`);
      expect(
        top3.some((line) => line.startsWith(judged.expectedOfferId)),
        `${judged.note}\n${top3.join('\n')}`,
      ).toBe(true);
    },
  );
});
