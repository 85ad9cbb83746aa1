import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../../test/test-database';
import { configureHarvestLocations } from '../../harvest/harvest-location-policy';
import { openTemporarySearchIndex, type TTemporarySearchIndex } from '../index/open-temporary-search-index';
import { evaluateSearch, formatEvaluationTable, type TEvaluationRow } from './evaluate-search';
import type { TQueryClass } from './known-item-queries';
import { loadEvaluationCorpus } from './load-evaluation-corpus';

// The fixture catalogues are harvested from local files, as the command line does.
configureHarvestLocations({ allowedHosts: [], files: 'anywhere' });

/** Titles per source: about 50 queries per class and source, small enough for `npm test`. */
const SAMPLE = 50;

/**
 * REGRESSION FLOOR, not the goal: what the search index reaches on this sample over all sources, with a
 * margin for ties that break differently between runs (harvested offers get random ids). A change to the
 * search must stay above the hit@10 floor and below the zero-result ceiling. Measured on 2026-11-26 with
 * the SQLite FTS5 index: exact 99.3 % hit@10, one typo 99.0 %, fragments 91.8 %, natural 94.4 %, judged
 * 100 %, no query of any class without results (the ts_rank query before it: exact 93.3 %, one typo
 * 1.9 %, fragments 88.7 %, natural 77.8 % with 16.7 % of natural queries finding nothing).
 */
const FLOOR: Record<TQueryClass, { hitAt10: number; zeroResultRate: number }> = {
  exact: { hitAt10: 0.97, zeroResultRate: 0 },
  typo: { hitAt10: 0.95, zeroResultRate: 0.01 },
  fragment: { hitAt10: 0.88, zeroResultRate: 0.01 },
  natural: { hitAt10: 0.9, zeroResultRate: 0 },
  judged: { hitAt10: 0.95, zeroResultRate: 0 },
};

let database: TTestDatabase;
let searchIndex: TTemporarySearchIndex;
let rows: TEvaluationRow[];

beforeAll(async () => {
  database = await createTestDatabase();
  await loadEvaluationCorpus({ db: database.db, pool: database.pool });
  searchIndex = await openTemporarySearchIndex(database);
  // `npm run eval:search -- --sample 50` prints this sample's full table.
  ({ rows } = await evaluateSearch({ db: database.db, searchIndex, sample: SAMPLE }));
}, 120_000);

afterAll(async () => {
  await searchIndex?.remove();
  await database?.drop();
});

describe('known-item evaluation of the search (regression floor)', () => {
  it.each(Object.entries(FLOOR))(
    '%s queries: hit@10 at or above the floor, zero results at or below the ceiling',
    (queryClass, floor) => {
      const ofClass = rows.filter((row) => row.queryClass === queryClass);
      const row = ofClass.find((candidate) => candidate.source === 'all') ?? ofClass[0];
      expect(row, `no ${queryClass} queries were run`).toBeDefined();
      expect(row!.queries).toBeGreaterThan(0);
      expect(row!.hitAt10, formatEvaluationTable(ofClass)).toBeGreaterThanOrEqual(floor.hitAt10);
      expect(row!.zeroResultRate, formatEvaluationTable(ofClass)).toBeLessThanOrEqual(floor.zeroResultRate);
    },
  );
});
