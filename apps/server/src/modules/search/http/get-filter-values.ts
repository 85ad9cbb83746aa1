import type { TSearchCacheResponse } from '@dsm/contracts';
import type { TDb } from '../../../db/database';
import { findFilterValues } from '../../catalogue/searchable-offer-repository';
import { createStaleCache } from './stale-while-revalidate';

const KEYWORD_LIMIT = 500;
const FRESH_FOR_MS = 5 * 60_000;

/**
 * The filter panel's values. Counting keywords over a million offers takes seconds, so the answer is
 * kept for a few minutes and refreshed in the background while the old one is served.
 */
const filterValues = createStaleCache((db) => findFilterValues(db, KEYWORD_LIMIT), FRESH_FOR_MS);

/** The filter panel's values: the most used keywords and the categories in use. */
export function getFilterValues(db: TDb, now = Date.now()): Promise<TSearchCacheResponse> {
  return filterValues.get(db, now);
}

/** Forgets the cached values, for example after offers were added. */
export function invalidateFilterValues(db: TDb): void {
  filterValues.invalidate(db);
}
