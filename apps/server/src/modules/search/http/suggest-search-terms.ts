import type { TSuggestResponse } from '@dsm/contracts';
import type { ISearchIndex } from '../index/search-index';

/** Completions for the search bar, answered from the search index alone. */
export async function suggestSearchTerms(searchIndex: ISearchIndex, prefix: string): Promise<TSuggestResponse> {
  return { suggestions: await searchIndex.suggest(prefix) };
}
