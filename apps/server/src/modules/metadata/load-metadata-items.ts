import type { TMetadataItem, TOffer } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findOfferDetails } from '../catalogue/offer-details-repository';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { presentAccessUrlsFor, type TAccessViewer } from '../entitlements/withhold-access-urls';
import { findLinkChecks } from '../link-checker/link-check-repository';
import { distributionsOf, presentMetadataItem } from './present-metadata-item';

/**
 * Loads offers by id as metadata items for a user, in the order of `ids`; unknown ids are left out.
 * Endpoint checks are reported as stored; asking for new ones is the details call's job alone, so a
 * list of a thousand items never queues thousands of checks.
 */
export async function loadMetadataItems(
  db: TDb,
  ids: readonly string[],
  viewer: TAccessViewer,
): Promise<TMetadataItem[]> {
  const offers = await loadOfferDocuments(db, ids);
  return presentLoaded(db, offers, viewer);
}

/**
 * Adds the details columns and stored checks to offers already loaded, then withholds the access URLs
 * the user may not see (the checks are made from the URLs first, so their status stays visible).
 */
export async function presentLoaded(
  db: TDb,
  offers: readonly TOffer[],
  viewer: TAccessViewer,
): Promise<TMetadataItem[]> {
  if (offers.length === 0) return [];
  const distributionIds = offers.flatMap((offer) => distributionsOf(offer).map((distribution) => distribution.id));
  const [details, checks] = await Promise.all([
    findOfferDetails(
      db,
      offers.map((offer) => offer['@id']),
    ),
    findLinkChecks(db, distributionIds),
  ]);
  const detailsById = new Map(details.map((row) => [row.id, row]));
  const checksById = new Map(checks.map((row) => [row.distribution_id, row]));
  const items = offers.map((offer) => presentMetadataItem(offer, detailsById.get(offer['@id']), checksById));
  return presentAccessUrlsFor({ viewer, offers: items });
}
