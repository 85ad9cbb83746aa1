import { DEFAULT_PAGE_SIZE, PAGE_SIZES, RESULT_CAP, splitQuery, type TPageSize } from '@dsm/contracts';
import { z } from 'zod';

/** The filter state kept in the `filter` parameter as JSON. */
export type TFilterState = {
  selectedCategories: string[];
  selectedKeywords: string[];
  priceRange: { from: number | null; to: number | null };
};

export const EMPTY_FILTER: TFilterState = {
  selectedCategories: [],
  selectedKeywords: [],
  priceRange: { from: null, to: null },
};

const ZFilterParam = z.object({
  selectedCategories: z.array(z.string()).default([]),
  selectedKeywords: z.array(z.string()).default([]),
  priceRange: z
    .object({
      from: z.number().nonnegative().nullable().default(null),
      to: z.number().nonnegative().nullable().default(null),
    })
    .default({ from: null, to: null }),
});

/** Everything the results page shows, as read from its URL. */
export type TResultsParams = {
  terms: string[];
  filter: TFilterState;
  index: number;
  pageSize: TPageSize;
  /** Parameters that could not be used and were replaced by defaults. */
  problems: ('filter' | 'page' | 'pageSize')[];
};

/** Reads searchText, topics, filter, page and pageSize; unusable values fall back to defaults. */
export function parseResultsParams(params: URLSearchParams): TResultsParams {
  const problems: TResultsParams['problems'] = [];
  let filter: TFilterState = { ...EMPTY_FILTER, priceRange: { ...EMPTY_FILTER.priceRange } };
  const rawFilter = params.get('filter');
  if (rawFilter) {
    try {
      const parsed = ZFilterParam.safeParse(JSON.parse(rawFilter));
      if (parsed.success) filter = parsed.data;
      else problems.push('filter');
    } catch {
      problems.push('filter');
    }
  }
  const topics = splitQuery(params.get('topics'));
  for (const topic of topics) if (!filter.selectedCategories.includes(topic)) filter.selectedCategories.push(topic);

  let pageSize: TPageSize = DEFAULT_PAGE_SIZE;
  const rawPageSize = params.get('pageSize');
  if (rawPageSize !== null) {
    const size = Number(rawPageSize);
    if ((PAGE_SIZES as readonly number[]).includes(size)) pageSize = size as TPageSize;
    else problems.push('pageSize');
  }
  let index = 0;
  const rawPage = params.get('page');
  if (rawPage !== null) {
    const page = Number(rawPage);
    if (Number.isInteger(page) && page >= 0 && page * pageSize < RESULT_CAP) index = page;
    else problems.push('page');
  }
  return { terms: splitQuery(params.get('searchText')), filter, index, pageSize, problems };
}

const isEmptyFilter = (filter: TFilterState) =>
  filter.selectedCategories.length === 0 &&
  filter.selectedKeywords.length === 0 &&
  filter.priceRange.from === null &&
  filter.priceRange.to === null;

/** Builds the results URL's parameters; defaults are left out so links stay short. */
export function buildResultsParams(state: {
  terms: string[];
  filter: TFilterState;
  index?: number;
  pageSize?: number;
}): URLSearchParams {
  const params = new URLSearchParams();
  if (state.terms.length > 0) params.set('searchText', state.terms.join('|'));
  if (!isEmptyFilter(state.filter)) params.set('filter', JSON.stringify(state.filter));
  if (state.index) params.set('page', String(state.index));
  if (state.pageSize && state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  return params;
}

/** Parses a price input as a decimal ('12,5' too); null when it is not a number. */
export function parsePrice(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (cleaned === '' || !/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return null;
  const value = Number.parseFloat(cleaned);
  return Number.isFinite(value) ? value : null;
}
