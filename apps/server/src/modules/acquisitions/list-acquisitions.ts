import type { TAcquisitionListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { loadMetadataItems } from '../metadata/load-metadata-items';
import { selectApiOfferIds } from '../offers/find-api-endpoint';
import { selectConnectorOfferIds } from '../offers/find-offer-connector';
import { findAcquiredOffers } from './acquisitions-repository';

/**
 * The offers the user acquired, latest first, as metadata items; offers since removed are left out.
 * An acquisition whose entitlement ended (time restriction, cancelled invoice) shows without its URLs.
 */
export async function listAcquisitions(db: TDb, userId: string): Promise<TAcquisitionListResponse> {
  const acquired = await findAcquiredOffers(db, userId);
  const items = await loadMetadataItems(
    db,
    acquired.map((row) => row.offerId),
    { userId, db },
  );
  const itemById = new Map(items.map((item) => [item['@id'], item]));
  const [connectorOfferIds, apiOfferIds] = await Promise.all([
    selectConnectorOfferIds(db, [...itemById.keys()]),
    selectApiOfferIds(db, [...itemById.keys()]),
  ]);
  return acquired.flatMap((row) => {
    const offer = itemById.get(row.offerId);
    return offer
      ? [
          {
            acquiredAt: row.acquiredAt.toISOString(),
            offer,
            isDeliveredByConnector: connectorOfferIds.has(row.offerId),
            isDeliveredByApi: apiOfferIds.has(row.offerId),
          },
        ]
      : [];
  });
}
