/**
 * Catalogue vocabulary shared by server and web: categories, home-page topics, payment models and
 * the limits of the search interface. Values are the specification's, spelled as it spells them.
 */

/** The 16 categories of the offer wizard. */
export const CATEGORIES = [
  'ENVIRONMENT',
  'JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY',
  'REGIONS_AND_CITIES',
  'SCIENCE_AND_TECHNOLOGY',
  'ECONOMY_AND_FINANCE',
  'POPULATION_AND_SOCIETY',
  'GOVERNMENT_AND_PUBLIC_SECTOR',
  'AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD',
  'TRANSPORT',
  'EDUCATION_CULTURE_AND_SPORT',
  'HEALTH',
  'ENERGY',
  'EMPLOYMENT_AND_SOCIAL_WELFARE',
  'GEOSPATIAL_AND_PROPERTY',
  'INFORMATIONS_AND_COMMUNICATIONS',
  'OTHERS',
] as const;
export type TCategory = (typeof CATEGORIES)[number];

/** The topic cards of the home page, in order: 'Complete Catalog' first, GEOGRAPHY twice as in the reference. */
export const HOME_TOPICS = [
  'Complete Catalog',
  'ENVIRONMENT',
  'LAW',
  'GEOGRAPHY',
  'SCIENCE',
  'ECONOMICS',
  'SOCIAL_QUESTIONS',
  'POLITICS',
  'AGRICULTURE_FORESTRY_AND_FISHERIES',
  'TRANSPORT',
  'EDUCATION_AND_COMMUNICATIONS',
  'ENERGY',
  'EMPLOYMENT_AND_WORKING_CONDITIONS',
  'GEOGRAPHY',
] as const;
export type THomeTopic = (typeof HOME_TOPICS)[number];

/** The topic card that searches the whole catalogue rather than a category. */
export const COMPLETE_CATALOG_TOPIC = 'Complete Catalog';

/**
 * Home-page topics are broader names for wizard categories. A category filter on either name
 * matches offers tagged with any name of its group, so the LAW card finds offers a supplier
 * tagged JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY and the other way round.
 */
export const CATEGORY_GROUPS: Readonly<Record<string, readonly string[]>> = {
  ENVIRONMENT: ['ENVIRONMENT'],
  LAW: ['LAW', 'JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY'],
  GEOGRAPHY: ['GEOGRAPHY', 'GEOSPATIAL_AND_PROPERTY', 'REGIONS_AND_CITIES'],
  SCIENCE: ['SCIENCE', 'SCIENCE_AND_TECHNOLOGY'],
  ECONOMICS: ['ECONOMICS', 'ECONOMY_AND_FINANCE'],
  SOCIAL_QUESTIONS: ['SOCIAL_QUESTIONS', 'POPULATION_AND_SOCIETY'],
  POLITICS: ['POLITICS', 'GOVERNMENT_AND_PUBLIC_SECTOR'],
  AGRICULTURE_FORESTRY_AND_FISHERIES: ['AGRICULTURE_FORESTRY_AND_FISHERIES', 'AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD'],
  TRANSPORT: ['TRANSPORT'],
  EDUCATION_AND_COMMUNICATIONS: [
    'EDUCATION_AND_COMMUNICATIONS',
    'EDUCATION_CULTURE_AND_SPORT',
    'INFORMATIONS_AND_COMMUNICATIONS',
  ],
  ENERGY: ['ENERGY'],
  EMPLOYMENT_AND_WORKING_CONDITIONS: ['EMPLOYMENT_AND_WORKING_CONDITIONS', 'EMPLOYMENT_AND_SOCIAL_WELFARE'],
};

/** Every category name that a category filter on `name` matches (the name itself when it has no group). */
export function expandCategory(name: string): string[] {
  const out = new Set<string>([name]);
  for (const members of Object.values(CATEGORY_GROUPS)) {
    if (members.includes(name)) for (const member of members) out.add(member);
  }
  return [...out];
}

export const PAYMENT_MODELS = [
  'FREE_OF_CHARGE',
  'PAY_PER_USE_DOWNLOAD',
  'SUBSCRIPTION_BASED',
  'DATA_VOLUME_BASED',
] as const;
export type TPaymentModel = (typeof PAYMENT_MODELS)[number];

/** Page sizes the results page offers; the first is the default. */
export const PAGE_SIZES = [10, 100, 1000] as const;
export type TPageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: TPageSize = 10;

/** Results are counted and paged only up to this many matches. */
export const RESULT_CAP = 10000;

/** At most this many accumulated search terms. */
export const MAX_SEARCH_TERMS = 20;

/** The '|'-joined search terms must be shorter than this many characters. */
export const MAX_SEARCH_CHARS = 2000;

/**
 * Text without control characters other than tab and line breaks: none belongs in a text the
 * product stores or searches, and PostgreSQL refuses a NUL outright.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** The separator of terms in the `searchText` / `query` parameters. */
export const TERM_SEPARATOR = '|';

/** Search terms as they are searched: trimmed, empties dropped. */
export function cleanTerms(terms: readonly string[]): string[] {
  return terms.map((term) => term.trim()).filter((term) => term.length > 0);
}

/** Splits the `query` parameter into its terms: '|'-separated, trimmed, empties dropped. */
export function splitQuery(query: string | undefined | null): string[] {
  if (!query) return [];
  return cleanTerms(query.split(TERM_SEPARATOR));
}

/** Result orders: relevance (the default), newest or oldest first by modification date, title A-Z, price low to high. */
export const SEARCH_SORTS = ['relevance', 'newest', 'oldest', 'title', 'price'] as const;

/**
 * The route of `searchEndpoint`, apart from its schemas: the web's results page sends the search before it has
 * loaded zod, and checks the answer once it has (apps/web/src/shared/query-endpoint-early.ts). Here, with no
 * schema beside it, so that importing it brings no zod.
 */
export const SEARCH_ROUTE = 'POST /api/search';
/** The route of `licenceListEndpoint`, apart from its schemas, as `SEARCH_ROUTE` is. */
export const LICENCE_LIST_ROUTE = 'GET /api/licence';
/** The route of `searchCacheEndpoint` (the filter values), apart from its schemas, as `SEARCH_ROUTE` is. */
export const SEARCH_CACHE_ROUTE = 'GET /api/search/cache';
