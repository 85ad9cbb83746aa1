import {
  DEFAULT_PAGE_SIZE,
  licenceListEndpoint,
  likedIdsEndpoint,
  MAX_SEARCH_CHARS,
  MAX_SEARCH_TERMS,
  PAGE_SIZES,
  RESULT_CAP,
  searchEndpoint,
} from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { parseResultsParams } from '../features/search/read-url-filter';
import { toSearchRequest } from '../features/search/search-request';
import { landingCalls, type TLandingCall, type TLandingLimits } from './landing-calls';

const LIMITS: TLandingLimits = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  resultCap: RESULT_CAP,
  maxTerms: MAX_SEARCH_TERMS,
  maxChars: MAX_SEARCH_CHARS,
};

/** The function as landing-preload.js carries it: its source alone, with nothing around it. */
const preloaded = new Function(`return (${landingCalls.toString()});`)() as typeof landingCalls;

/** The search the results page itself sends for a URL's query string. */
function appSearch(search: string): TLandingCall {
  const { terms, filter, index, pageSize } = parseResultsParams(new URLSearchParams(search));
  return {
    method: 'POST',
    path: searchEndpoint.path,
    body: JSON.stringify(toSearchRequest({ terms, filter, index, pageSize })),
  };
}

describe('landingCalls', () => {
  it.each([
    '',
    '?searchText=daten',
    '?searchText=daten&pageSize=100',
    '?searchText=%20air%20|quality||air&page=3',
    '?searchText=%E4%BA%A4%E9%80%9A',
    '?searchText="open%20data"|verkehr&pageSize=1000&page=9',
    '?topics=TRANSPORT|ENVIRONMENT',
    '?topics=TRANSPORT&searchText=bus&page=0',
  ])('sends the results page search %s exactly as the app does, from its own source alone', (search) => {
    const calls = preloaded('/results', search, LIMITS);
    expect(calls.slice(0, 2)).toEqual([
      { method: 'GET', path: '/api/search/cache' },
      { method: 'GET', path: '/api/licence' },
    ]);
    expect(calls[2]).toEqual(appSearch(search));
  });

  it.each([
    '?filter=%7B%22selectedKeywords%22%3A%5B%22bus%22%5D%7D',
    '?searchText=daten&sort=newest',
    '?searchText=daten&exact=1',
    '?searchText=daten&pageSize=20',
    '?searchText=daten&pageSize=',
    '?searchText=daten&page=-1',
    '?searchText=daten&page=1.5',
    '?searchText=daten&page=10000',
    '?searchText=a%01b',
    '?topics=not%20a%20category',
    `?searchText=${Array.from({ length: 21 }, (_, i) => `t${i}`).join('|')}`,
  ])('leaves the search of an unusual link %s to the app', (search) => {
    expect(preloaded('/results', search, LIMITS)).toHaveLength(2);
  });

  it('asks for the offer of a details page, and for nothing on other pages', () => {
    expect(preloaded('/offer/details/a%20b', '', LIMITS)).toEqual([
      { method: 'GET', path: '/api/metadata/a%20b' },
      { method: licenceListEndpoint.method, path: licenceListEndpoint.path },
      { method: likedIdsEndpoint.method, path: likedIdsEndpoint.path },
    ]);
    expect(preloaded('/offer/details/%E0%A4%A', '', LIMITS)).toEqual([]);
    expect(preloaded('/', '?searchText=daten', LIMITS)).toEqual([]);
    expect(preloaded('/cart', '', LIMITS)).toEqual([]);
  });
});
