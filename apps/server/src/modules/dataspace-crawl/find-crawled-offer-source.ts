import type { TDb } from '../../db/database';
import { selectCrawledOfferIds, selectCrawledOfferSource, type TCrawledOfferSource } from './crawl-repository';

export type { TCrawledOfferSource };

/**
 * Where the dataset of an offer the crawl made is offered (the registered connector, the participant id and DSP
 * address its catalog was read with, the dataset id) and which of its offers the crawl recorded, for delivery to
 * negotiate; null for an offer no crawl made or whose dataset left the participant's catalog.
 */
export async function findCrawledOfferSource(db: TDb, offerId: string): Promise<TCrawledOfferSource | null> {
  return selectCrawledOfferSource(db, offerId);
}

/** Which of the offers the crawl made and still finds in their participants' catalogs: they are delivered by connector. */
export async function findCrawledOfferIds(db: TDb, offerIds: readonly string[]): Promise<Set<string>> {
  return selectCrawledOfferIds(db, offerIds);
}
