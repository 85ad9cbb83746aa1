import { expandCategory, RESULT_CAP, splitQuery, type TSearchRequest, type TSearchResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { findOfferPage, parseTextQuery } from './search-repository';

export type TSearchOffersOptions = {
  db: TDb;
  /** The '|'-joined search terms of the `query` parameter. */
  query: string | undefined;
  request: TSearchRequest;
};

/**
 * Terms are combined with AND; a quoted term is a phrase; a term starting with '-' excludes. The
 * terms go to PostgreSQL's web-search parser as one text, so its rules apply (documented in
 * docs/search.md).
 */
export function termsToText(query: string | undefined): string {
  return splitQuery(query).join(' ');
}

/** Searches the catalogue: one ranked page and the capped total. */
export async function searchOffers({ db, query, request }: TSearchOffersOptions): Promise<TSearchResponse> {
  const { index, pageSize, filter } = request;
  const offset = index * pageSize;
  const limit = Math.min(pageSize, RESULT_CAP - offset);
  const tsquery = await parseTextQuery(db, termsToText(query));
  const page = await findOfferPage(
    db,
    {
      tsquery,
      categories: [...new Set(filter.categories.flatMap(expandCategory))],
      keywords: filter.keywords,
      minPrice: filter.minPrice,
      maxPrice: filter.maxPrice,
      hasWorkingEndpoint: filter.hasWorkingEndpoint,
    },
    { offset, limit },
  );
  const data = await loadOfferDocuments(db, page.ids);
  return { index, pageSize, total: page.total, isTotalCapped: page.isTotalCapped, data };
}
