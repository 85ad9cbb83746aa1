import type { TSearchCacheResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findFilterValues } from './search-repository';

const KEYWORD_LIMIT = 500;
const FRESH_FOR_MS = 5 * 60_000;

type TCacheEntry = { value: TSearchCacheResponse; at: number; pending: Promise<TSearchCacheResponse> | null };
const cache = new WeakMap<TDb, TCacheEntry>();

/**
 * The filter panel's values. Counting keywords over a million offers takes seconds, so the answer is
 * kept for a few minutes and refreshed in the background while the old one is served.
 */
export async function getFilterValues(db: TDb, now = Date.now()): Promise<TSearchCacheResponse> {
  const entry = cache.get(db);
  const refresh = (): Promise<TSearchCacheResponse> => {
    const pending = findFilterValues(db, KEYWORD_LIMIT).then(
      (value) => {
        cache.set(db, { value, at: Date.now(), pending: null });
        return value;
      },
      (error: unknown) => {
        const current = cache.get(db);
        if (current) current.pending = null;
        throw error;
      },
    );
    cache.set(db, { value: entry?.value ?? { keywords: [], categories: [] }, at: entry?.at ?? 0, pending });
    return pending;
  };
  if (!entry || entry.at === 0) return entry?.pending ?? refresh();
  if (now - entry.at > FRESH_FOR_MS && !entry.pending) refresh().catch(() => {});
  return entry.value;
}

/** Forgets the cached values, for example after offers were added. */
export function invalidateFilterValues(db: TDb): void {
  cache.delete(db);
}
