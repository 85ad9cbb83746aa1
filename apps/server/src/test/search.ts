import type { TSearchRequestInput, TSearchResponse } from '@dsm/contracts';
import { requestAs } from './auth';

/** A search as a test sends it: the request body's fields, the first page of ten unless given, and the `query`. */
export type TTestSearch = Partial<TSearchRequestInput> & {
  /** The search-bar words, sent in the `query` parameter as the web sends them; none searches the whole catalogue. */
  query?: string;
};

/**
 * Searches the catalogue as the signed-in user (`POST /api/search`) over real HTTP; answers the status and the
 * search answer (see `requestAs`).
 */
export function searchAs(
  testApp: { baseUrl: string },
  who: { headers: Record<string, string> },
  { query, ...body }: TTestSearch = {},
) {
  const path = query === undefined ? '/api/search' : `/api/search?query=${encodeURIComponent(query)}`;
  return requestAs<TSearchResponse>(testApp, who, 'POST', path, { index: 0, pageSize: 10, ...body });
}

/** Every offer a search answer names: its hits and their copies (the same title in another catalogue). */
export function offerIdsFound(answer: TSearchResponse): string[] {
  return [
    ...answer.data.map((item) => item['@id']),
    ...answer.copies.flatMap((entry) => entry.copies.map((copy) => copy.offerId)),
  ];
}
