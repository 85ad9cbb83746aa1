import { describe, expect, it } from 'vitest';
import { addTerms, interpretSearchInput, joinTerms, splitTerms } from './search-terms';

describe('splitTerms', () => {
  it('splits on spaces and keeps quoted phrases together with their quotes', () => {
    expect(splitTerms('air  "open data" Köln')).toEqual(['air', '"open data"', 'Köln']);
  });
  it('treats an unclosed quote as a phrase to the end and drops empty quotes', () => {
    expect(splitTerms('a "b c')).toEqual(['a', '"b c"']);
    expect(splitTerms('"" x')).toEqual(['x']);
  });
  it('drops the quotes of a one-word phrase and repeats', () => {
    expect(splitTerms('"air" air water')).toEqual(['air', 'water']);
  });
  it('splits on the term separator, which a term cannot contain', () => {
    expect(splitTerms('a|b "c|d e"')).toEqual(['a', 'b', '"c d e"']);
  });
  it('drops control characters a paste can carry, keeping tabs and line breaks as spaces', () => {
    expect(splitTerms('a\u0000b\tc\n\u0007bell \u001b[31mred\u007f')).toEqual(['ab', 'c', 'bell', '[31mred']);
    expect(splitTerms('\u202eevil مرحبا \u2066x\u2069')).toEqual(['evil', 'مرحبا', 'x']);
  });
  it('answers nothing for blank text', () => {
    expect(splitTerms('   ')).toEqual([]);
  });
});

describe('addTerms', () => {
  it('does not add a term twice', () => {
    expect(addTerms(['a'], ['a', 'b', 'b'])).toEqual({ terms: ['a', 'b'], isOverLimit: false });
  });
  it('accepts 20 terms and cuts the 21st', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(addTerms([], twenty).isOverLimit).toBe(false);
    expect(addTerms(twenty, ['t20'])).toEqual({ terms: twenty, isOverLimit: true });
  });
  it('cuts the terms so the joined text stays under 2000 characters', () => {
    const long = ['x'.repeat(1500), 'y'.repeat(498)];
    expect(joinTerms(long)).toHaveLength(1999);
    expect(addTerms([], long).isOverLimit).toBe(false);
    const result = addTerms(long, ['z']);
    expect(result.isOverLimit).toBe(true);
    expect(result.terms).toEqual(long);
  });
  it('refuses a joined text of exactly 2000 characters', () => {
    expect(addTerms([], ['x'.repeat(1500), 'y'.repeat(499)])).toEqual({ terms: ['x'.repeat(1500)], isOverLimit: true });
  });
});

describe('interpretSearchInput', () => {
  it('adds the typed terms to the accumulated ones', () => {
    expect(interpretSearchInput(['a'], ' b "c d" a ')).toEqual({ kind: 'search', terms: ['a', 'b', '"c d"'] });
  });
  it('searches the accumulated terms again for an empty text', () => {
    expect(interpretSearchInput(['a'], '')).toEqual({ kind: 'search', terms: ['a'] });
  });
  it('recognises the demo phrases', () => {
    expect(interpretSearchInput([], 'activate-demo-mode')).toEqual({ kind: 'demoMode', isOn: true });
    expect(interpretSearchInput(['a'], ' deactivate-demo-mode ')).toEqual({ kind: 'demoMode', isOn: false });
  });
  it('truncates at the limit and says so', () => {
    const words = Array.from({ length: 21 }, (_, i) => `w${i}`);
    const outcome = interpretSearchInput([], words.join(' '));
    expect(outcome).toEqual({ kind: 'overLimit', terms: words.slice(0, 20) });
  });
});
