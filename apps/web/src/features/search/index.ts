/** What other features use of search: the search itself, its result list and the licence catalogue. */
export { SearchResultList } from './SearchResultList';
export { useLicences } from './use-licences';
export { useSearch } from './use-search';
