import type { TOffer } from '@dsm/contracts';
import { findUserAccess } from './access-cache';
import { findOffersShowingAccessUrls, mayShowAccessUrls } from './access-url-policy';
import type { TAccessViewer } from './withhold-access-urls';

export type TFindVisiblePageOffersOptions = {
  viewer: TAccessViewer;
  /** The offers of a page, as read for it: their price and publishers decide with the user's access. */
  offers: readonly TOffer[];
  /** The moment entitlements are judged at; tests pass a fixed one. */
  now?: Date;
};

/**
 * Which offers of a page the user may see the access URLs of, by `mayShowAccessUrls`, judged from the user's
 * access as `findUserAccess` keeps it (no statement per page) and the page's own price and publishers; for a
 * user owning too many offers to keep, from the database as `findOffersShowingAccessUrls` does.
 */
export async function findVisiblePageOffers(options: TFindVisiblePageOffersOptions): Promise<Set<string>> {
  const { viewer, offers } = options;
  const now = options.now ?? new Date();
  const access = await findUserAccess(viewer.db, viewer.userId, now.getTime());
  if (!access) {
    return findOffersShowingAccessUrls({
      db: viewer.db,
      userId: viewer.userId,
      offerIds: offers.map((offer) => offer['@id']),
      now,
    });
  }
  const visible = new Set<string>();
  for (const offer of offers) {
    const id = offer['@id'].toLowerCase();
    const isSupplier =
      access.ownedOffers.has(id) ||
      offer.datasets.some((dataset) => {
        const publisher = dataset['dcterms:publisher']?.['@id'];
        return publisher !== undefined && access.publisherAgents.has(publisher);
      });
    const isEntitled = (access.entitledUntil.get(id) ?? 0) > now.getTime();
    if (mayShowAccessUrls({ paymentModel: offer.paymentModel, price: offer.price, isSupplier, isEntitled })) {
      visible.add(offer['@id']);
    }
  }
  return visible;
}
