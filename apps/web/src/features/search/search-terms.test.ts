import { describe, expect, it } from 'vitest';
import { addTerms, joinTerms, splitTerms } from './search-terms';

describe('splitTerms', () => {
  it('splits on spaces and keeps quoted phrases together with their quotes', () => {
    expect(splitTerms('air  "open data" Köln')).toEqual(['air', '"open data"', 'Köln']);
  });
  it('treats an unclosed quote as a phrase to the end and drops empty quotes', () => {
    expect(splitTerms('a "b c')).toEqual(['a', '"b c"']);
    expect(splitTerms('"" x')).toEqual(['x']);
  });
});

describe('addTerms', () => {
  it('does not add a term twice', () => {
    expect(addTerms(['a'], ['a', 'b', 'b'])).toEqual({ terms: ['a', 'b'], isOverLimit: false });
  });
  it('accepts 20 terms and cuts the 21st', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(addTerms([], twenty).isOverLimit).toBe(false);
    const result = addTerms(twenty, ['t20']);
    expect(result).toEqual({ terms: twenty, isOverLimit: true });
  });
  it('cuts the terms so the joined text stays under 2000 characters', () => {
    const long = ['x'.repeat(1500), 'y'.repeat(498)];
    expect(joinTerms(long)).toHaveLength(1999);
    expect(addTerms([], long).isOverLimit).toBe(false);
    const result = addTerms(long, ['z']);
    expect(result.isOverLimit).toBe(true);
    expect(result.terms).toEqual(long);
  });
});
