import { describe, expect, it } from 'vitest';
import { facetCountText, facetOptions, visibleOptions } from './facet-options';

const upper = (value: string) => value.toUpperCase();

describe('facetOptions', () => {
  it("lists the facet's values in its order with their labels and counts", () => {
    const options = facetOptions({
      facet: [
        { value: 'csv', count: 40 },
        { value: 'json', count: 3 },
      ],
      selected: ['json'],
      labelOf: upper,
    });
    expect(options).toEqual([
      { value: 'csv', label: 'CSV', count: 40 },
      { value: 'json', label: 'JSON', count: 3 },
    ]);
  });

  it('keeps a chosen value the facet no longer counts, at 0, so it can be unticked', () => {
    const options = facetOptions({ facet: [{ value: 'csv', count: 2 }], selected: ['pdf'], labelOf: upper });
    expect(options.map((option) => [option.value, option.count])).toEqual([
      ['csv', 2],
      ['pdf', 0],
    ]);
  });
});

describe('visibleOptions', () => {
  const options = Array.from({ length: 12 }, (_, i) => ({ value: `v${i}`, label: `v${i}`, count: 12 - i }));

  it('shows the first values and a chosen one further down', () => {
    expect(visibleOptions(options, ['v10'], 8).map((option) => option.value)).toEqual([
      'v0',
      'v1',
      'v2',
      'v3',
      'v4',
      'v5',
      'v6',
      'v7',
      'v10',
    ]);
  });
});

describe('facetCountText', () => {
  it("writes the count in the language's number format, with ~ when estimated", () => {
    expect(facetCountText(1204, false, 'en')).toBe('1,204');
    expect(facetCountText(1204, false, 'de')).toBe('1.204');
    expect(facetCountText(1204, true, 'en')).toBe('~1,204');
  });
});
