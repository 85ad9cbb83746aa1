import type { TAcquisitionListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectConnectorOfferIds } from '../catalogue/find-offer-connector';
import { selectAccessTypes } from '../catalogue/select-access-types';
import { findCrawledOfferIds } from '../dataspace-crawl/find-crawled-offer-source';
import { loadMetadataItems } from '../metadata/load-metadata-items';
import { listBilledInvoicesOfOffers } from '../orders/list-billed-invoices-of-offers';
import { findAcquiredOffers } from './acquisitions-repository';

/**
 * The offers the user acquired, latest first, as metadata items; offers since removed are left out.
 * An acquisition whose entitlement ended (time restriction, cancelled invoice) shows without its URLs.
 * Each carries what was billed for it and where each bill stands (open, overdue, paid, cancelled).
 */
export async function listAcquisitions(db: TDb, userId: string): Promise<TAcquisitionListResponse> {
  const acquired = await findAcquiredOffers(db, userId);
  const items = await loadMetadataItems(
    db,
    acquired.map((row) => row.offerId),
    { userId, db },
  );
  const itemById = new Map(items.map((item) => [item['@id'], item]));
  const offerIds = [...itemById.keys()];
  const [connectorOfferIds, crawledOfferIds, accessTypes, invoices] = await Promise.all([
    selectConnectorOfferIds(db, offerIds),
    findCrawledOfferIds(db, offerIds),
    selectAccessTypes(db, offerIds),
    listBilledInvoicesOfOffers({ db, userId, offerIds }),
  ]);
  return acquired.flatMap((row) => {
    const offer = itemById.get(row.offerId);
    return offer
      ? [
          {
            acquiredAt: row.acquiredAt.toISOString(),
            offer,
            // Published on a connector by the marketplace, or crawled from a participant's catalog.
            isDeliveredByConnector: connectorOfferIds.has(row.offerId) || crawledOfferIds.has(row.offerId),
            accessType: accessTypes.get(row.offerId) ?? 'DIRECT',
            isDeliveredByApi: accessTypes.get(row.offerId) === 'API',
            invoices: invoices.get(row.offerId.toLowerCase()) ?? [],
          },
        ]
      : [];
  });
}
