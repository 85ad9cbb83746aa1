import { searchEndpoint, ZSearchRequest } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from './results-params';
import { searchPath, toSearchRequest } from './search-request';

describe('searchPath', () => {
  it('joins the terms with | and encodes them', () => {
    expect(searchPath(searchEndpoint.path, ['"air quality"', 'Köln'])).toBe(
      '/api/search?query=%22air%20quality%22%7CK%C3%B6ln',
    );
    expect(searchPath(searchEndpoint.path, [])).toBe('/api/search?query=');
  });
});

describe('toSearchRequest', () => {
  it('maps the filter state to a request the contract accepts', () => {
    const request = toSearchRequest({
      terms: ['a'],
      filter: { selectedCategories: ['LAW'], selectedKeywords: ['air'], priceRange: { from: 1, to: null } },
      index: 3,
      pageSize: 100,
    });
    expect(request).toEqual({
      index: 3,
      pageSize: 100,
      filter: { categories: ['LAW'], keywords: ['air'], minPrice: 1, maxPrice: null },
    });
    expect(ZSearchRequest.safeParse(request).success).toBe(true);
  });
  it('asks for the order and the words as typed only when they are not the defaults', () => {
    const plain = toSearchRequest({ terms: ['a'], filter: EMPTY_FILTER, index: 0, sort: 'relevance', isExact: false });
    expect(plain).not.toHaveProperty('sort');
    expect(plain).not.toHaveProperty('exact');
    const request = toSearchRequest({ terms: ['a'], filter: EMPTY_FILTER, index: 0, sort: 'title', isExact: true });
    expect(request).toMatchObject({ sort: 'title', exact: true });
    expect(ZSearchRequest.parse(request)).toMatchObject({ sort: 'title', exact: true });
  });
  it('uses the default page size', () => {
    expect(toSearchRequest({ terms: [], filter: EMPTY_FILTER, index: 0 }).pageSize).toBe(10);
  });
});

describe("toSearchRequest with 'working endpoints only'", () => {
  it('asks the API for offers with a working endpoint', () => {
    const request = toSearchRequest({ terms: [], filter: { ...EMPTY_FILTER, hasWorkingEndpoint: true }, index: 0 });
    expect(request.filter).toMatchObject({ hasWorkingEndpoint: true });
    expect(ZSearchRequest.parse(request).filter.hasWorkingEndpoint).toBe(true);
  });
});
