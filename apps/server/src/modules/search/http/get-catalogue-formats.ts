import type { TCatalogueFormatsResponse } from '@dsm/contracts';
import type { TDb } from '../../../db/database';
import { findCatalogueFormats } from '../../catalogue/searchable-offer-repository';
import { createStaleCache } from './stale-while-revalidate';

const FRESH_FOR_MS = 5 * 60_000;

const formats = createStaleCache(
  async (db): Promise<TCatalogueFormatsResponse> => ({ formats: await findCatalogueFormats(db) }),
  FRESH_FOR_MS,
);

/**
 * The distribution formats the searchable catalogue uses, each with how many offers have it, the most
 * used first: the values the search filter `formats` takes. Kept for a few minutes (a count over every
 * distribution), refreshed in the background.
 */
export function getCatalogueFormats(db: TDb, now = Date.now()): Promise<TCatalogueFormatsResponse> {
  return formats.get(db, now);
}
