import type { TConnectorOffer } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findOffersShowingAccessUrls } from '../entitlements/access-url-policy';
import { marketplaceOfferIdOf, type TConnectorOfferSource } from './map-connector-offer';

export type TRestrictedAssetsOptions = {
  /** The primary database, where entitlements are read. */
  db: TDb;
  userId: string;
  sources: readonly TConnectorOfferSource[];
};

/**
 * The ids of the assets whose data address the user may not see: those the marketplace published for
 * a paid catalogue offer the user neither supplies nor is entitled to (the address is the endpoint's
 * access URL). A connector's other assets are the connector's business and stay as they are.
 */
export async function findRestrictedAssetIds(options: TRestrictedAssetsOptions): Promise<Set<string>> {
  const offerIdOfAsset = new Map<string, string>();
  for (const source of options.sources) {
    for (const asset of source.assets) {
      const offerId = marketplaceOfferIdOf(asset);
      if (offerId) offerIdOfAsset.set(asset.id, offerId);
    }
  }
  if (offerIdOfAsset.size === 0) return new Set();
  const visible = await findOffersShowingAccessUrls({
    db: options.db,
    userId: options.userId,
    offerIds: [...new Set(offerIdOfAsset.values())],
  });
  return new Set([...offerIdOfAsset].filter(([, offerId]) => !visible.has(offerId)).map(([assetId]) => assetId));
}

/** A presented connector offer with the base URL of the restricted assets withheld. */
export function withholdAssetUrls(offer: TConnectorOffer, restricted: ReadonlySet<string>): TConnectorOffer {
  if (restricted.size === 0) return offer;
  return {
    ...offer,
    assets: offer.assets.map((asset) =>
      restricted.has(asset.id) ? { ...asset, baseUrl: null, isAccessRestricted: true } : asset,
    ),
  };
}
