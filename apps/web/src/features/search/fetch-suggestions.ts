import { searchSuggestEndpoint, type TSuggestion, ZSuggestResponse } from '@dsm/contracts';
import { apiFetch } from '../../shared/api';

/** The path of `GET /api/search/suggest` for a prefix. */
export function suggestPath(prefix: string): string {
  return `${searchSuggestEndpoint.path}?prefix=${encodeURIComponent(prefix)}`;
}

/**
 * Titles and keywords completing a prefix. A module of its own, loaded at the first suggestion: the
 * home page's chunk has no API call of its own, and the client with the contracts would add about 2 KB
 * gzip to it (docs/performance.md).
 */
export async function fetchSuggestions(prefix: string, signal: AbortSignal): Promise<TSuggestion[]> {
  const answer = await apiFetch({
    method: searchSuggestEndpoint.method,
    path: suggestPath(prefix),
    schema: ZSuggestResponse,
    signal,
  });
  return answer.suggestions;
}
