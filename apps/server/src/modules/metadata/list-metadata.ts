import type { TMetadataPage } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findOfferIdPage } from '../catalogue/offer-details-repository';
import type { TAccessViewer } from '../entitlements/withhold-access-urls';
import { loadMetadataItems } from './load-metadata-items';

/**
 * One page of the whole catalogue in id order. The reference answers every item at once, which a
 * catalogue of a million offers cannot; the `next` id continues where the page ended.
 */
export async function listMetadata(
  db: TDb,
  page: { after: string | undefined; limit: number },
  viewer: TAccessViewer,
): Promise<TMetadataPage> {
  // One id more than asked tells whether another page follows without counting the catalogue.
  const ids = await findOfferIdPage(db, { after: page.after?.toLowerCase(), limit: page.limit + 1 });
  const hasMore = ids.length > page.limit;
  const pageIds = hasMore ? ids.slice(0, page.limit) : ids;
  const data = await loadMetadataItems(db, pageIds, viewer);
  return { limit: page.limit, data, next: hasMore ? (pageIds.at(-1) ?? null) : null };
}
