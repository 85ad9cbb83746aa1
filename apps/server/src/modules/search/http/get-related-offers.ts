import { ErrorCode, type TOffer } from '@dsm/contracts';
import type { TDb } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { loadOfferDocuments } from '../../catalogue/offer-documents';
import { findRelatedSource } from '../../catalogue/searchable-offer-repository';
import { presentAccessUrlsFor, type TAccessViewer } from '../../entitlements/withhold-access-urls';
import { type ISearchIndex, NO_INDEX_FILTER, type TIndexFilter } from '../index/search-index';

/** How many related offers the details page shows. */
export const RELATED_LIMIT = 6;
/** Candidates read per filter: room for the copies and the offer itself that are dropped. */
const CANDIDATES = 30;

export type TGetRelatedOffersOptions = {
  db: TDb;
  searchIndex: ISearchIndex;
  /** Whose access URLs the answer may show (paid offers' are withheld as in search). */
  viewer: TAccessViewer;
  id: string;
};

/**
 * Up to six offers related to one: those sharing one of its keywords first, then those sharing one of its
 * categories, newest first within each, both read from the search index's filters (no full-text query).
 * The offer itself, its federated copies (the same title and description) and further copies of an offer
 * already chosen are left out. An unknown or removed offer is a 404.
 */
export async function getRelatedOffers({ db, searchIndex, viewer, id }: TGetRelatedOffersOptions): Promise<TOffer[]> {
  const source = await findRelatedSource(db, id);
  if (!source) throw new AppError(ErrorCode.NOT_FOUND, `No offer ${id} in the catalogue`);
  const copyKey = (title: string, description: string) => `${title}\u0000${description}`;
  const seenCopies = new Set([copyKey(source.title, source.description)]);
  const chosenIds: string[] = [];
  const filters: Partial<TIndexFilter>[] = [];
  if (source.keywords.length > 0) filters.push({ keywords: source.keywords.slice(0, 50) });
  if (source.categories.length > 0) filters.push({ categories: source.categories.slice(0, 50) });
  const chosen: TOffer[] = [];
  for (const filter of filters) {
    if (chosen.length >= RELATED_LIMIT) break;
    const result = await searchIndex.search({
      terms: [],
      exact: true,
      sort: 'newest',
      filter: { ...NO_INDEX_FILTER, ...filter },
      offset: 0,
      limit: CANDIDATES,
    });
    const candidates = result.offerIds.filter((offerId) => offerId !== id && !chosenIds.includes(offerId));
    for (const offer of await loadOfferDocuments(db, candidates)) {
      if (chosen.length >= RELATED_LIMIT) break;
      const key = copyKey(offer.title, offer.description['@value']);
      if (seenCopies.has(key)) continue;
      seenCopies.add(key);
      chosenIds.push(offer['@id']);
      chosen.push(offer);
    }
  }
  return presentAccessUrlsFor({ viewer, offers: chosen });
}
