import { describe, expect, it } from 'vitest';
import { parseResultsParams } from '../../features/search/read-url-filter';
import {
  buildResultsParams,
  EMPTY_FILTER,
  isEmptyFilter,
  parsePageSize,
  parsePrice,
  resultsPath,
  type TFilterState,
  topicResultsPath,
  withList,
  withModifiedRange,
  withWorkingEndpoints,
} from './results-params';

describe('parseResultsParams', () => {
  it('reads terms, filter, topics, page and page size', () => {
    const filter = JSON.stringify({
      selectedCategories: ['LAW'],
      selectedKeywords: ['Wald'],
      priceRange: { from: 1, to: 5.5 },
    });
    const params = new URLSearchParams({
      searchText: '"open data"|Köln',
      filter,
      topics: 'ENERGY',
      page: '3',
      pageSize: '100',
      sort: 'newest',
      exact: '1',
    });
    expect(parseResultsParams(params)).toEqual({
      terms: ['"open data"', 'Köln'],
      filter: { selectedCategories: ['LAW', 'ENERGY'], selectedKeywords: ['Wald'], priceRange: { from: 1, to: 5.5 } },
      index: 3,
      pageSize: 100,
      sort: 'newest',
      isExact: true,
      problems: [],
    });
  });

  it('answers the defaults for an empty URL', () => {
    expect(parseResultsParams(new URLSearchParams())).toEqual({
      terms: [],
      filter: EMPTY_FILTER,
      index: 0,
      pageSize: 10,
      sort: 'relevance',
      isExact: false,
      problems: [],
    });
  });

  it('fills in the parts a hand-written filter leaves out', () => {
    const result = parseResultsParams(new URLSearchParams({ filter: '{"selectedKeywords":["air"]}' }));
    expect(result.filter).toEqual({ ...EMPTY_FILTER, selectedKeywords: ['air'] });
    expect(result.problems).toEqual([]);
  });

  it('falls back to defaults for malformed values and names them', () => {
    const result = parseResultsParams(new URLSearchParams({ filter: '{oops', page: '-2', pageSize: '7' }));
    expect(result).toMatchObject({ filter: EMPTY_FILTER, index: 0, pageSize: 10 });
    expect(result.problems).toEqual(['filter', 'pageSize', 'page']);
  });

  it('refuses a filter of the wrong shape or with an inverted price range', () => {
    for (const filter of ['[]', '{"selectedCategories":"LAW"}', '{"priceRange":{"from":9,"to":1}}', 'null']) {
      const result = parseResultsParams(new URLSearchParams({ filter }));
      expect(result.filter, filter).toEqual(EMPTY_FILTER);
      expect(result.problems, filter).toEqual(['filter']);
    }
  });

  it('keeps the topics when the filter is broken', () => {
    const result = parseResultsParams(new URLSearchParams({ filter: 'x', topics: 'LAW' }));
    expect(result.filter.selectedCategories).toEqual(['LAW']);
  });

  it('refuses a filter the search API would refuse: empty, overlong or too many values, infinite prices', () => {
    const filters = [
      { selectedCategories: [''] },
      { selectedKeywords: ['   '] },
      { selectedKeywords: ['k'.repeat(201)] },
      { selectedCategories: Array.from({ length: 51 }, (_, i) => `C${i}`) },
      { priceRange: { from: -1, to: null } },
    ];
    for (const filter of [...filters.map((value) => JSON.stringify(value)), '{"priceRange":{"from":1e400}}']) {
      const result = parseResultsParams(new URLSearchParams({ filter, topics: 'LAW' }));
      expect(result.filter, filter).toEqual({ ...EMPTY_FILTER, selectedCategories: ['LAW'] });
      expect(result.problems, filter).toEqual(['filter']);
    }
  });

  it('keeps an unknown category, which simply finds nothing', () => {
    const result = parseResultsParams(new URLSearchParams({ filter: '{"selectedCategories":["NO_SUCH_TOPIC"]}' }));
    expect(result.filter.selectedCategories).toEqual(['NO_SUCH_TOPIC']);
    expect(result.problems).toEqual([]);
  });

  it('cuts search text beyond 20 terms or 2000 characters and names it', () => {
    const many = Array.from({ length: 30 }, (_, i) => `t${i}`);
    const tooMany = parseResultsParams(new URLSearchParams({ searchText: many.join('|') }));
    expect(tooMany.terms).toEqual(many.slice(0, 20));
    expect(tooMany.problems).toEqual(['searchText']);
    const tooLong = parseResultsParams(new URLSearchParams({ searchText: `short|${'x'.repeat(10_000)}` }));
    expect(tooLong.terms).toEqual(['short']);
    expect(tooLong.problems).toEqual(['searchText']);
  });

  it('drops control characters from the search text and keeps emoji, right-to-left text and markup as typed', () => {
    const searchText = "a\u0000b|\u0007|\u001b[31m|😀|مرحبا|<b>x</b>|'; DROP TABLE offers;--";
    expect(parseResultsParams(new URLSearchParams({ searchText }))).toMatchObject({
      terms: ['ab', '[31m', '😀', 'مرحبا', '<b>x</b>', "'; DROP TABLE offers;--"],
      problems: [],
    });
  });

  it('falls back to relevance for an unknown sort and to corrected words for an odd exact, and names them', () => {
    for (const sort of ['NEWEST', 'cheapest', '', 'relevance|newest']) {
      const result = parseResultsParams(new URLSearchParams({ sort }));
      expect(result.sort, sort).toBe('relevance');
      expect(result.problems, sort).toEqual(['sort']);
    }
    for (const exact of ['true', '0', '']) {
      const result = parseResultsParams(new URLSearchParams({ exact }));
      expect(result.isExact, exact).toBe(false);
      expect(result.problems, exact).toEqual(['exact']);
    }
  });

  it('reads every order the search API offers', () => {
    for (const sort of ['relevance', 'newest', 'oldest', 'title', 'price'] as const) {
      expect(parseResultsParams(new URLSearchParams({ sort }))).toMatchObject({ sort, problems: [] });
    }
  });

  it('refuses a page beyond the 10000 cap and pages that are not whole numbers', () => {
    expect(parseResultsParams(new URLSearchParams({ page: '10', pageSize: '1000' })).problems).toEqual(['page']);
    expect(parseResultsParams(new URLSearchParams({ page: '9', pageSize: '1000' })).index).toBe(9);
    expect(parseResultsParams(new URLSearchParams({ page: '1.5' })).problems).toEqual(['page']);
    expect(parseResultsParams(new URLSearchParams({ page: '' })).problems).toEqual(['page']);
  });
});

describe('buildResultsParams and resultsPath', () => {
  it('round-trip through parseResultsParams', () => {
    const state = {
      terms: ['a', '"b c"'],
      filter: { ...EMPTY_FILTER, selectedKeywords: ['x'] },
      index: 2,
      pageSize: 100,
      sort: 'price' as const,
      isExact: true,
    };
    const expected = {
      terms: state.terms,
      filter: state.filter,
      index: 2,
      pageSize: 100,
      sort: 'price',
      isExact: true,
    };
    expect(parseResultsParams(buildResultsParams(state))).toMatchObject({ ...expected, problems: [] });
    const fromPath = parseResultsParams(new URL(resultsPath(state), 'http://x').searchParams);
    expect(fromPath).toMatchObject({ ...expected, problems: [] });
  });
  it('leave defaults out', () => {
    expect(buildResultsParams({ terms: [], filter: EMPTY_FILTER, index: 0, pageSize: 10 }).toString()).toBe('');
    const defaults = { terms: ['a'], filter: EMPTY_FILTER, sort: 'relevance', isExact: false } as const;
    expect(resultsPath(defaults)).toBe('/results?searchText=a');
    expect(resultsPath({ terms: [], filter: EMPTY_FILTER })).toBe('/results');
  });
  it('keep the term separator readable', () => {
    expect(resultsPath({ terms: ['a', 'b'], filter: EMPTY_FILTER })).toBe('/results?searchText=a|b');
  });
  it('write the sort by name and the exact flag as 1', () => {
    expect(resultsPath({ terms: ['a'], filter: EMPTY_FILTER, sort: 'oldest', isExact: true })).toBe(
      '/results?searchText=a&sort=oldest&exact=1',
    );
  });
});

describe('parsePageSize', () => {
  it('accepts only the offered sizes', () => {
    expect(parsePageSize('100')).toBe(100);
    expect(parsePageSize('7')).toBeNull();
    expect(parsePageSize('many')).toBeNull();
    expect(parsePageSize('')).toBeNull();
    expect(parsePageSize(null)).toBeNull();
  });
});

describe('parsePrice', () => {
  it('parses decimals and answers null for anything else', () => {
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice(' 12,5 ')).toBe(12.5);
    expect(parsePrice('.5')).toBe(0.5);
    expect(parsePrice('7.')).toBe(7);
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice('12abc')).toBeNull();
    expect(parsePrice('1e3')).toBeNull();
    expect(parsePrice('-4')).toBeNull();
    expect(parsePrice('1.2.3')).toBeNull();
  });
});

describe('topicResultsPath', () => {
  it('filters by the one category and drops the text', () => {
    const url = new URL(topicResultsPath('TRANSPORT', 'Complete Catalog'), 'http://x');
    expect(url.pathname).toBe('/results');
    expect(parseResultsParams(url.searchParams)).toMatchObject({
      terms: [],
      filter: { ...EMPTY_FILTER, selectedCategories: ['TRANSPORT'] },
    });
  });
  it('lists everything for Complete Catalog', () => {
    expect(topicResultsPath('Complete Catalog', 'Complete Catalog')).toBe('/results');
  });
});

describe("the 'working endpoints only' switch", () => {
  it('survives a round trip through the URL and counts as a filter', () => {
    const filter = withWorkingEndpoints(EMPTY_FILTER, true);
    expect(isEmptyFilter(filter)).toBe(false);
    const parsed = parseResultsParams(buildResultsParams({ terms: [], filter }));
    expect(parsed.filter).toEqual({ ...EMPTY_FILTER, hasWorkingEndpoint: true });
  });

  it('leaves the key out when off, so older links and filters stay as they were', () => {
    expect(withWorkingEndpoints({ ...EMPTY_FILTER, hasWorkingEndpoint: true }, false)).toEqual(EMPTY_FILTER);
    const params = new URLSearchParams({ filter: JSON.stringify({ ...EMPTY_FILTER, hasWorkingEndpoint: false }) });
    expect(parseResultsParams(params).filter).toEqual(EMPTY_FILTER);
  });
});

describe('the facet filters in the URL', () => {
  const filter: TFilterState = {
    ...EMPTY_FILTER,
    selectedFormats: ['CSV'],
    selectedLicences: ['CC-BY-4.0'],
    selectedPublishers: ['City of Leipzig'],
    selectedPaymentModels: ['SUBSCRIPTION_BASED'],
    modifiedRange: { from: '2024-01-01', to: null },
  };

  it('survive a round trip through the URL and count as filters', () => {
    const params = buildResultsParams({ terms: ['air'], filter });
    expect(JSON.parse(params.get('filter') ?? '')).toMatchObject({
      selectedFormats: ['CSV'],
      modifiedRange: { from: '2024-01-01', to: null },
    });
    const parsed = parseResultsParams(params);
    expect(parsed.problems).toEqual([]);
    expect(parsed.filter).toEqual(filter);
    expect(isEmptyFilter({ ...EMPTY_FILTER, selectedPublishers: ['x'] })).toBe(false);
    expect(isEmptyFilter(withModifiedRange(EMPTY_FILTER, { from: null, to: '2024-01-01' }))).toBe(false);
  });

  it('are left out when empty, so a link from before them reads as it did and stays as short', () => {
    const old = JSON.stringify({
      selectedCategories: ['LAW'],
      selectedKeywords: [],
      priceRange: { from: null, to: 3 },
    });
    const parsed = parseResultsParams(new URLSearchParams({ filter: old }));
    expect(parsed.problems).toEqual([]);
    expect(parsed.filter).toEqual({ ...EMPTY_FILTER, selectedCategories: ['LAW'], priceRange: { from: null, to: 3 } });
    expect(buildResultsParams({ terms: [], filter: parsed.filter }).get('filter')).toBe(old);
    expect(withList(filter, 'selectedFormats', [])).not.toHaveProperty('selectedFormats');
    expect(withModifiedRange(filter, { from: null, to: null })).not.toHaveProperty('modifiedRange');
  });

  it('refuse a hand-edited payment model, date or inverted date range and fall back to no filter', () => {
    for (const edited of [
      { ...filter, selectedPaymentModels: ['GRATIS'] },
      { ...filter, modifiedRange: { from: '1.1.2024', to: null } },
      { ...filter, modifiedRange: { from: '2024-05-02', to: '2024-05-01' } },
    ]) {
      const parsed = parseResultsParams(new URLSearchParams({ filter: JSON.stringify(edited) }));
      expect(parsed.problems, JSON.stringify(edited)).toEqual(['filter']);
      expect(parsed.filter).toEqual(EMPTY_FILTER);
    }
  });
});
