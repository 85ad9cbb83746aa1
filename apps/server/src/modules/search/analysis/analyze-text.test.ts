import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text';
import { queryTokens } from './parse-query';

describe('analyzeText', () => {
  it('drops an apostrophe inside a word and splits at dashes, slashes, colons, dots and underscores', () => {
    expect(analyzeText("children's COVID-19 a/b c:d e.f g_h (i)", null)).toEqual([
      'childrens',
      'covid',
      '19',
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
    ]);
  });

  it('stems English and German text by its language and leaves other languages whole', () => {
    expect(analyzeText('Farmers Markets - Shape', 'en')).toEqual(['farmer', 'market', 'shape']);
    expect(analyzeText('Wochenmärkte der Städte', 'de')).toEqual(['wochenmarkt', 'der', 'stadt']);
    expect(analyzeText('Farmers Markets', 'fr')).toEqual(['farmers', 'markets']);
    expect(analyzeText('Farmers Markets', null)).toEqual(['farmers', 'markets']);
  });

  it('folds accents so Köln and Koln, Straße and Strasse give the same tokens in every language', () => {
    for (const language of ['de', 'en', null]) {
      expect(analyzeText('Köln Straße', language)).toEqual(analyzeText('Koln Strasse', language));
    }
    expect(analyzeText('Köln', null)).toEqual(['koln']);
  });

  it('keeps stop words, so phrases keep their positions', () => {
    expect(analyzeText('The State of the Union', 'en')).toEqual(['the', 'state', 'of', 'the', 'union']);
  });

  it('reads full-width and ligature forms as their plain letters', () => {
    expect(analyzeText('ＣＯＶＩＤ ﬁle', null)).toEqual(['covid', 'file']);
  });

  it('cuts CJK runs into overlapping character pairs and a lone character into itself', () => {
    expect(analyzeText('污水处理厂 A 水', 'zh')).toEqual(['污水', '水处', '处理', '理厂', 'a', '水']);
  });

  it('gives traditional and simplified, 台 and 臺 the same tokens', () => {
    expect(analyzeText('台灣', 'zh')).toEqual(analyzeText('臺灣', 'zh'));
    expect(analyzeText('污水處理', 'zh')).toEqual(analyzeText('污水处理', 'zh'));
  });

  it('finds a two-character query word among the pairs of a longer run', () => {
    const tokens = analyzeText('臺南市寺廟點位', 'zh');
    expect(tokens).toEqual(expect.arrayContaining(queryTokens('台南')));
    expect(tokens).toEqual(expect.arrayContaining(queryTokens('寺庙')));
  });
});
