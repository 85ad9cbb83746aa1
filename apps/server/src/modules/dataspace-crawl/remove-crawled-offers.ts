import type { TDb } from '../../db/database';
import { removeEveryDataset } from './crawl-repository';

/**
 * Removes (soft-deletes, through the catalogue, so the search index follows) every offer the crawl made of a
 * connector's catalog: called when the connector is removed, as its participant no longer offers anything through
 * the marketplace. Orders and likes that name them stay, as after a dataset left a catalog. Answers how many.
 */
export async function removeCrawledOffers(db: TDb, connectorId: string): Promise<number> {
  return removeEveryDataset(db, connectorId);
}
