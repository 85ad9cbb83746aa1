import { searchSuggestEndpoint, type TSuggestion } from '@dsm/contracts';
import { callEndpoint } from '../../shared/call-endpoint';

/**
 * Titles and keywords completing a prefix. A module of its own, loaded at the first suggestion: the
 * home page's chunk has no API call of its own, and the client with the contracts would add about 2 KB
 * gzip to it (docs/performance.md).
 */
export async function fetchSuggestions(prefix: string, signal: AbortSignal): Promise<TSuggestion[]> {
  const answer = await callEndpoint(searchSuggestEndpoint, { query: { prefix }, signal });
  return answer.suggestions;
}
