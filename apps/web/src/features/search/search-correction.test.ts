import { describe, expect, it } from 'vitest';
import { correctedTerms } from './search-correction';

describe('correctedTerms', () => {
  it('marks the words the server put in place of typed ones', () => {
    expect(correctedTerms(['luftqualitat', 'Leipzig'], 'luftqualität|Leipzig')).toEqual([
      { term: 'luftqualität', isCorrected: true },
      { term: 'Leipzig', isCorrected: false },
    ]);
  });

  it('counts a typed word searched in another case as typed', () => {
    expect(correctedTerms(['Köln', 'verkehr'], 'köln|verkehr')).toEqual([
      { term: 'köln', isCorrected: false },
      { term: 'verkehr', isCorrected: false },
    ]);
  });

  it('shows every word a typo was replaced by, and keeps phrases whole', () => {
    expect(correctedTerms(['"open data"', 'waser'], '"open data"|wasser|water')).toEqual([
      { term: '"open data"', isCorrected: false },
      { term: 'wasser', isCorrected: true },
      { term: 'water', isCorrected: true },
    ]);
  });
});
