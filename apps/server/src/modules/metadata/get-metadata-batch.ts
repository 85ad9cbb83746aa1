import type { TMetadataBatchResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { loadMetadataItems } from './load-metadata-items';

/** The items of these ids (the watchlist's batch call), in the order asked; unknown ids are left out. */
export async function getMetadataBatch(db: TDb, ids: readonly string[]): Promise<TMetadataBatchResponse> {
  return loadMetadataItems(db, ids);
}
