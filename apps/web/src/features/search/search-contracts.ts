// What the results page reads with zod: the search's, the filter values' and the licences' contracts and the
// URL's filter. A chunk of its own, loaded through lazy-search-contracts.ts, so that the page's first
// screen does not wait for zod.
export { licenceListEndpoint, searchCacheEndpoint, searchEndpoint, ZSearchCacheResponse } from '@dsm/contracts';
export { readUrlFilter } from './read-url-filter';
