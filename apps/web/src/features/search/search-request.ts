import {
  DEFAULT_PAGE_SIZE,
  type TPageSize,
  type TSearchRequestInput,
  type TSearchSort,
  type ZSearchFilter,
} from '@dsm/contracts';
import type { z } from 'zod';
import { DEFAULT_SORT, type TFilterState } from '../../shared/search/results-params';

type TSearchFilterInput = z.input<typeof ZSearchFilter>;

/** One page of one search, as the results page's URL describes it. */
export type TSearchInput = {
  terms: readonly string[];
  filter: TFilterState;
  index: number;
  pageSize?: TPageSize;
  sort?: TSearchSort;
  /** Search the terms as typed, without typo correction. */
  isExact?: boolean;
};

/**
 * The filters the panel gained with the facets, each sent only when set: a plain link's body stays the
 * one the landing preload sends (see below), and so does that of an older link.
 */
function newerFilterFields(filter: TFilterState): Partial<TSearchFilterInput> {
  const fields: Partial<TSearchFilterInput> = {};
  if (filter.selectedFormats?.length) fields.formats = filter.selectedFormats;
  if (filter.selectedLicences?.length) fields.licences = filter.selectedLicences;
  if (filter.selectedPublishers?.length) fields.publishers = filter.selectedPublishers;
  if (filter.selectedPaymentModels?.length) fields.paymentModels = filter.selectedPaymentModels;
  if (filter.modifiedRange?.from) fields.modifiedFrom = filter.modifiedRange.from;
  if (filter.modifiedRange?.to) fields.modifiedTo = filter.modifiedRange.to;
  return fields;
}

/**
 * The body of `POST /api/search`: the terms, the page and the filter in the API's names. The sort and the exact
 * flag are sent only when they differ from the API's defaults, so a plain link's body stays the one the
 * landing preload sends for it (app/landing-calls.ts) and its prefetched answer is taken.
 */
export function toSearchRequest(input: TSearchInput): TSearchRequestInput {
  return {
    terms: [...input.terms],
    index: input.index,
    pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
    filter: {
      categories: input.filter.selectedCategories,
      keywords: input.filter.selectedKeywords,
      minPrice: input.filter.priceRange.from,
      maxPrice: input.filter.priceRange.to,
      ...(input.filter.hasWorkingEndpoint ? { hasWorkingEndpoint: true } : {}),
      ...newerFilterFields(input.filter),
    },
    ...(input.sort && input.sort !== DEFAULT_SORT ? { sort: input.sort } : {}),
    ...(input.isExact ? { exact: true } : {}),
  };
}
