import { describe, expect, it } from 'vitest';
import { addKeyword, keywordOptions } from './keyword-options';

const KEYWORDS = ['Air', 'air quality', 'Water', 'Groundwater', 'Water'];

describe('keywordOptions', () => {
  it('filters by the typed text without regard to case', () => {
    expect(keywordOptions(KEYWORDS, [], 'WAT')).toEqual(['Water', 'Groundwater']);
    expect(keywordOptions(KEYWORDS, [], '  air ')).toEqual(['Air', 'air quality']);
  });
  it('leaves out keywords already chosen', () => {
    expect(keywordOptions(KEYWORDS, ['Air'], 'air')).toEqual(['air quality']);
  });
  it('offers everything once for an empty text, up to the limit', () => {
    expect(keywordOptions(KEYWORDS, [], '')).toEqual(['Air', 'air quality', 'Water', 'Groundwater']);
    expect(keywordOptions(KEYWORDS, [], '', 2)).toEqual(['Air', 'air quality']);
  });
});

describe('addKeyword', () => {
  it('never adds a keyword twice', () => {
    expect(addKeyword(['Air'], 'Air')).toEqual(['Air']);
    expect(addKeyword(['Air'], 'Water')).toEqual(['Air', 'Water']);
    expect(addKeyword(['Air'], '')).toEqual(['Air']);
  });
});
