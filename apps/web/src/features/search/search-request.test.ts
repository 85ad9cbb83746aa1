import { ZSearchRequest } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../../shared/search/results-params';
import { toSearchRequest } from './search-request';

describe('toSearchRequest', () => {
  it('maps the filter state to a request the contract accepts', () => {
    const request = toSearchRequest({
      terms: ['"air quality"', 'Köln'],
      filter: { selectedCategories: ['LAW'], selectedKeywords: ['air'], priceRange: { from: 1, to: null } },
      index: 3,
      pageSize: 100,
    });
    expect(request).toEqual({
      terms: ['"air quality"', 'Köln'],
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

describe('toSearchRequest with the facet filters', () => {
  it('sends formats, licences, publishers, payment models and the modification days the contract accepts', () => {
    const request = toSearchRequest({
      terms: [],
      filter: {
        ...EMPTY_FILTER,
        selectedFormats: ['CSV'],
        selectedLicences: ['CC-BY-4.0'],
        selectedPublishers: ['City of Leipzig'],
        selectedPaymentModels: ['FREE_OF_CHARGE', 'DATA_VOLUME_BASED'],
        modifiedRange: { from: '2024-01-01', to: '2024-12-31' },
      },
      index: 0,
    });
    expect(ZSearchRequest.parse(request).filter).toMatchObject({
      formats: ['CSV'],
      licences: ['CC-BY-4.0'],
      publishers: ['City of Leipzig'],
      paymentModels: ['FREE_OF_CHARGE', 'DATA_VOLUME_BASED'],
      modifiedFrom: '2024-01-01',
      modifiedTo: '2024-12-31',
    });
  });

  it('leaves them out when unset, so a plain link sends the body the landing preload sent', () => {
    expect(toSearchRequest({ terms: [], filter: EMPTY_FILTER, index: 0 }).filter).toEqual({
      categories: [],
      keywords: [],
      minPrice: null,
      maxPrice: null,
    });
    const openEnded = toSearchRequest({
      terms: [],
      filter: { ...EMPTY_FILTER, modifiedRange: { from: null, to: '2024-12-31' } },
      index: 0,
    });
    expect(openEnded.filter).not.toHaveProperty('modifiedFrom');
    expect(openEnded.filter).toMatchObject({ modifiedTo: '2024-12-31' });
  });
});
