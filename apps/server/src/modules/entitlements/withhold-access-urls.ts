import type { TOffer } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findOffersShowingAccessUrls } from './access-url-policy';

/**
 * The offers with the access URL of every distribution withheld (null, `isAccessRestricted`) unless
 * the offer is among `visible`. Everything else of a distribution stays as it was.
 */
export function withholdAccessUrls<T extends TOffer>(offers: readonly T[], visible: ReadonlySet<string>): T[] {
  return offers.map((offer) =>
    visible.has(offer['@id'])
      ? offer
      : {
          ...offer,
          datasets: offer.datasets.map((dataset) => ({
            ...dataset,
            'dcat:distribution': dataset['dcat:distribution'].map((distribution) => ({
              ...distribution,
              'dcat:accessURL': null,
              isAccessRestricted: true,
            })),
          })),
        },
  );
}

/** Whom an answer is for, and where their entitlements are read. */
export type TAccessViewer = {
  /** The signed-in user the offers are presented to. */
  userId: string;
  /**
   * The primary database, also when the offers came from a read replica: a purchase shows its URLs on
   * the next call, not after the replica caught up.
   */
  db: TDb;
};

export type TPresentAccessUrlsOptions<T extends TOffer> = {
  viewer: TAccessViewer;
  offers: readonly T[];
  now?: Date;
};

/**
 * Offers as one user may see them: the access URLs of paid offers that user neither supplies nor is
 * entitled to are withheld. Every answer that carries offers out of the server passes through here.
 */
export async function presentAccessUrlsFor<T extends TOffer>(options: TPresentAccessUrlsOptions<T>): Promise<T[]> {
  const visible = await findOffersShowingAccessUrls({
    db: options.viewer.db,
    userId: options.viewer.userId,
    offerIds: options.offers.map((offer) => offer['@id']),
    ...(options.now ? { now: options.now } : {}),
  });
  return withholdAccessUrls(options.offers, visible);
}
