import type { TMetadataBatchResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import type { TAccessViewer } from '../entitlements/withhold-access-urls';
import { loadMetadataItems } from './load-metadata-items';

/**
 * The items of these ids (the watchlist's and the cart's batch call) as the user may see them, in the
 * order asked; unknown ids are left out.
 */
export async function getMetadataBatch(
  db: TDb,
  ids: readonly string[],
  viewer: TAccessViewer,
): Promise<TMetadataBatchResponse> {
  return loadMetadataItems(db, ids, viewer);
}
