import { z } from 'zod';
import {
  MAX_SEARCH_CHARS,
  MAX_SEARCH_TERMS,
  NO_CONTROL_CHARACTERS,
  PAGE_SIZES,
  PAYMENT_MODELS,
  RESULT_CAP,
  SEARCH_CACHE_ROUTE,
  SEARCH_ROUTE,
  SEARCH_SORTS,
  splitQuery,
  TERM_SEPARATOR,
} from './catalogue';
import { endpointGroup } from './endpoint';
import { ZOffer } from './offer';

const searchApi = endpointGroup('search');

const ZFilterText = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters');

const ZFilterDate = z.iso.date({ message: 'must be a date written YYYY-MM-DD' });

/**
 * The search filter: categories, keywords, formats, licences, publishers and payment models match any of
 * the listed values; prices are inclusive, in euros; the modification dates are inclusive days (UTC);
 * `hasWorkingEndpoint` keeps offers with at least one distribution the link checker last found online.
 */
export const ZSearchFilter = z
  .object({
    categories: z.array(ZFilterText).max(50).default([]),
    keywords: z.array(ZFilterText).max(50).default([]),
    /** Distribution formats as the facet lists them (e.g. 'CSV'). */
    formats: z.array(ZFilterText).max(50).default([]),
    /** Distribution licences as the facet lists them. */
    licences: z.array(ZFilterText).max(50).default([]),
    /** Publisher names as the facet lists them. */
    publishers: z.array(ZFilterText).max(50).default([]),
    paymentModels: z.array(z.enum(PAYMENT_MODELS)).max(PAYMENT_MODELS.length).default([]),
    minPrice: z.number().finite().min(0).nullable().default(null),
    maxPrice: z.number().finite().min(0).nullable().default(null),
    modifiedFrom: ZFilterDate.nullable().default(null),
    modifiedTo: ZFilterDate.nullable().default(null),
    hasWorkingEndpoint: z.boolean().default(false),
  })
  .strict()
  .refine((f) => f.minPrice === null || f.maxPrice === null || f.minPrice <= f.maxPrice, {
    message: 'minPrice must not be above maxPrice',
    path: ['minPrice'],
  })
  .refine((f) => f.modifiedFrom === null || f.modifiedTo === null || f.modifiedFrom <= f.modifiedTo, {
    message: 'modifiedFrom must not be after modifiedTo',
    path: ['modifiedFrom'],
  });
export type TSearchFilter = z.infer<typeof ZSearchFilter>;

/** The lists a filter and the facets name alike, one per facet, each empty (new arrays on every call). */
function emptyFacetLists<TItem>() {
  const empty = (): TItem[] => [];
  return {
    categories: empty(),
    keywords: empty(),
    formats: empty(),
    licences: empty(),
    publishers: empty(),
    paymentModels: empty(),
  };
}

/** A filter that filters nothing: the whole catalogue (a new object on every call). */
export function emptySearchFilter(): TSearchFilter {
  return {
    ...emptyFacetLists<never>(),
    minPrice: null,
    maxPrice: null,
    modifiedFrom: null,
    modifiedTo: null,
    hasWorkingEndpoint: false,
  };
}

/**
 * Query string of `POST /api/search`: the '|'-joined search terms, as the reference sends them. The request body's
 * `terms` carries them as a list instead; a request names them in one place or the other.
 */
export const ZSearchQuerystring = z.object({
  query: z
    .string()
    .max(MAX_SEARCH_CHARS - 1, `query must be shorter than ${MAX_SEARCH_CHARS} characters`)
    .regex(NO_CONTROL_CHARACTERS, 'query must not contain control characters')
    .refine((q) => splitQuery(q).length <= MAX_SEARCH_TERMS, {
      message: `query must have at most ${MAX_SEARCH_TERMS} terms`,
    })
    .optional(),
});
export type TSearchQuerystring = z.infer<typeof ZSearchQuerystring>;

export const ZSearchSort = z.enum(SEARCH_SORTS);
export type TSearchSort = z.infer<typeof ZSearchSort>;

/**
 * The search-bar terms, each a word or several, a "quoted phrase" or a -word to exclude; trimmed, empty ones ignored.
 * At most MAX_SEARCH_TERMS, and shorter than MAX_SEARCH_CHARS joined by '|', as the `query` parameter.
 */
export const ZSearchTerms = z
  .array(z.string().regex(NO_CONTROL_CHARACTERS, 'terms must not contain control characters'))
  .max(MAX_SEARCH_TERMS, `terms must be at most ${MAX_SEARCH_TERMS}`)
  .refine((terms) => terms.join(TERM_SEPARATOR).length < MAX_SEARCH_CHARS, {
    message: `terms must be shorter than ${MAX_SEARCH_CHARS} characters joined by '${TERM_SEPARATOR}'`,
  });

export const ZSearchRequest = z
  .object({
    /** The search terms; without them the `query` parameter is read (neither: the whole catalogue). */
    terms: ZSearchTerms.optional(),
    index: z.number().int().min(0),
    pageSize: z.union(
      PAGE_SIZES.map((size) => z.literal(size)) as [z.ZodLiteral<10>, z.ZodLiteral<100>, z.ZodLiteral<1000>],
      {
        message: `pageSize must be one of ${PAGE_SIZES.join(', ')}`,
      },
    ),
    filter: ZSearchFilter.default(emptySearchFilter),
    sort: ZSearchSort.default('relevance'),
    /** True searches the words exactly as typed: no typo correction ("Search instead for ..."). */
    exact: z.boolean().default(false),
  })
  .strict()
  .refine((r) => r.index * r.pageSize < RESULT_CAP, {
    message: `the page starts beyond the result cap of ${RESULT_CAP}`,
    path: ['index'],
  });
export type TSearchRequest = z.infer<typeof ZSearchRequest>;
export type TSearchRequestInput = z.input<typeof ZSearchRequest>;

/** One value of a facet and how many matching offers have it. */
export const ZFacetCount = z.object({ value: z.string(), count: z.number().int() });
export type TFacetCount = z.infer<typeof ZFacetCount>;

/** One catalogue keyword a keyword facet entry stands for, with its language when the entry is a translation. */
export const ZKeywordVariant = z.object({ value: z.string(), language: z.string().nullable() });
export type TKeywordVariant = z.infer<typeof ZKeywordVariant>;

/**
 * A keyword facet entry. Keywords that are translations of one another ('Sonstiges' and 'miscellaneous'),
 * or that differ only in case, accents or punctuation, are counted as one entry, each offer once; `value`
 * is then the keyword's English form (or the first spelling met) and `variants` lists every keyword the
 * entry stands for. The keywords filter matches keywords exactly: to filter by such an entry, send all of
 * its variants' values.
 */
export const ZKeywordFacetCount = ZFacetCount.extend({ variants: z.array(ZKeywordVariant).optional() });
export type TKeywordFacetCount = z.infer<typeof ZKeywordFacetCount>;

/** The facets counted for a query, each the most frequent values first (at most 20). */
export const FACET_NAMES = ['categories', 'keywords', 'formats', 'licences', 'publishers', 'paymentModels'] as const;
export type TFacetName = (typeof FACET_NAMES)[number];
export const ZSearchFacets = z.object({
  categories: z.array(ZFacetCount),
  keywords: z.array(ZKeywordFacetCount),
  formats: z.array(ZFacetCount),
  licences: z.array(ZFacetCount),
  publishers: z.array(ZFacetCount),
  paymentModels: z.array(ZFacetCount),
});
export type TSearchFacets = z.infer<typeof ZSearchFacets>;

/** The facets of no result: every list empty (a new object on every call). */
export function emptySearchFacets(): TSearchFacets {
  return emptyFacetLists<never>();
}

/** The other federated copies of a result's dataset (the same title and description in other catalogues). */
export const ZOfferCopies = z.object({
  /** The result the copies are shown on. */
  offerId: z.string(),
  /** How many other copies the catalogue holds. */
  total: z.number().int(),
  /** The first of them (at most 10), newest first, with the publisher of each. */
  copies: z.array(z.object({ offerId: z.string(), publisher: z.string().nullable() })),
});
export type TOfferCopies = z.infer<typeof ZOfferCopies>;

export const ZSearchResponse = z.object({
  index: z.number().int(),
  pageSize: z.number().int(),
  /** Number of matches, counted only up to the result cap of 10000. */
  total: z.number().int(),
  /** True when there are more matches than `total` says. */
  isTotalCapped: z.boolean(),
  data: z.array(ZOffer),
  /**
   * The results that are federated copies of one dataset: sorted by relevance, only the best ranked copy is a
   * result, and the others are listed here under it.
   */
  copies: z.array(ZOfferCopies),
  /**
   * The '|'-joined terms as searched when words were corrected for typos (a word found nowhere in the
   * catalogue replaced by the closest ones that are); null when the query was searched as typed.
   */
  correctedQuery: z.string().nullable(),
  /**
   * False when no offer matches every word: the results then match as many of the words as any offer does,
   * ranked by how many they match.
   */
  matchedAllTerms: z.boolean(),
  /** The filter panel's values with their counts for this query (the filters applied). */
  facets: ZSearchFacets,
  /**
   * True when more than 10,000 offers match: the counts are then those of the newest 10,000 matches, an
   * estimate of the shares.
   */
  areFacetCountsEstimated: z.boolean(),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/** `GET /api/search/cache`: the filter values the panel offers. */
export const ZSearchCacheResponse = z.object({
  keywords: z.array(z.string()),
  categories: z.array(z.string()),
});
export type TSearchCacheResponse = z.infer<typeof ZSearchCacheResponse>;

export const searchEndpoint = searchApi(SEARCH_ROUTE, {
  query: ZSearchQuerystring,
  body: ZSearchRequest,
  answer: ZSearchResponse,
  summary: 'Search the catalogue',
  description:
    "Ranked full-text search with filters and a choice of order. `terms` (or, as the reference sends them, the `query` parameter with the terms joined by '|') holds the search-bar terms: every word is required unless no offer has them all (then `matchedAllTerms` is false and the offers with the most of them come first); quoted terms are phrases; a term starting with '-' excludes. A word found nowhere in the catalogue is corrected for typos (`correctedQuery`) unless `exact` is true. The total is counted up to 10000. A paid offer's access URLs are null (`isAccessRestricted`) unless the caller supplies the offer or holds an active entitlement to it.",
  errors: [400, 429],
});
export const searchCacheEndpoint = searchApi(SEARCH_CACHE_ROUTE, {
  answer: ZSearchCacheResponse,
  summary: 'Filter values: the most used keywords and the categories in use',
  errors: [],
});

/** `GET /api/search/suggest?prefix=`: titles and keywords that complete what is typed. */
export const ZSuggestQuerystring = z.object({
  prefix: z
    .string()
    .trim()
    .min(1, 'prefix must not be empty')
    .max(100, 'prefix must be at most 100 characters')
    .regex(NO_CONTROL_CHARACTERS, 'prefix must not contain control characters'),
});
export type TSuggestQuerystring = z.infer<typeof ZSuggestQuerystring>;

export const ZSuggestion = z.object({ kind: z.enum(['title', 'keyword']), text: z.string() });
export type TSuggestion = z.infer<typeof ZSuggestion>;
/** At most 8 suggestions: keywords first, then titles, each the most common first. */
export const ZSuggestResponse = z.object({ suggestions: z.array(ZSuggestion) });
export type TSuggestResponse = z.infer<typeof ZSuggestResponse>;
export const searchSuggestEndpoint = searchApi('GET /api/search/suggest', {
  query: ZSuggestQuerystring,
  answer: ZSuggestResponse,
  summary: 'Complete what is typed in the search bar',
  description:
    'At most 8 suggestions for `prefix`: keywords starting with it (the most used first), then titles holding its words with the last one completed (the newest first).',
  errors: [400, 429],
});
