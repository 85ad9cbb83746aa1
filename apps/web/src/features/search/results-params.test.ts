import { describe, expect, it } from 'vitest';
import { buildResultsParams, EMPTY_FILTER, parsePrice, parseResultsParams } from './results-params';

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
    });
    expect(parseResultsParams(params)).toEqual({
      terms: ['"open data"', 'Köln'],
      filter: { selectedCategories: ['LAW', 'ENERGY'], selectedKeywords: ['Wald'], priceRange: { from: 1, to: 5.5 } },
      index: 3,
      pageSize: 100,
      problems: [],
    });
  });
  it('falls back to defaults for malformed values and names them', () => {
    const result = parseResultsParams(new URLSearchParams({ filter: '{oops', page: '-2', pageSize: '7' }));
    expect(result).toMatchObject({ filter: EMPTY_FILTER, index: 0, pageSize: 10 });
    expect(result.problems).toEqual(['filter', 'pageSize', 'page']);
  });
  it('refuses a page beyond the 10000 cap', () => {
    expect(parseResultsParams(new URLSearchParams({ page: '10', pageSize: '1000' })).problems).toEqual(['page']);
  });
});

describe('buildResultsParams', () => {
  it('round-trips through parseResultsParams', () => {
    const state = {
      terms: ['a', '"b c"'],
      filter: { ...EMPTY_FILTER, selectedKeywords: ['x'] },
      index: 2,
      pageSize: 100,
    };
    const parsed = parseResultsParams(buildResultsParams(state));
    expect(parsed).toMatchObject({ terms: state.terms, filter: state.filter, index: 2, pageSize: 100 });
  });
  it('leaves defaults out', () => {
    expect(buildResultsParams({ terms: [], filter: EMPTY_FILTER, index: 0, pageSize: 10 }).toString()).toBe('');
  });
});

describe('parsePrice', () => {
  it('parses decimals and answers null for anything else', () => {
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice('12,5')).toBe(12.5);
    expect(parsePrice('.5')).toBe(0.5);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice('1e3')).toBeNull();
    expect(parsePrice('-4')).toBeNull();
  });
});
