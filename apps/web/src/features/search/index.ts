/** What other features use of search: the search itself, its result list and the licence catalogue. */
export { ResultList } from './ResultList';
export { useLicences } from './use-licences';
export { useSearch } from './use-search';
