import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text';
import { parseQuery, queryTokens } from './parse-query';

const words = (terms: string[]) =>
  parseQuery(terms).clauses.map((clause) => (clause.kind === 'word' ? clause.word : `"${clause.words.join(' ')}"`));
const excluded = (terms: string[]) =>
  parseQuery(terms).excluded.map((clause) => (clause.kind === 'word' ? clause.word : `"${clause.words.join(' ')}"`));

describe('parseQuery', () => {
  it('reads a dash inside a title as punctuation, not as an exclusion', () => {
    expect(words(['Farmers Markets - Shape'])).toEqual(['farmers', 'markets', 'shape']);
    expect(excluded(['Farmers Markets - Shape'])).toEqual([]);
    expect(words(['COVID-19'])).toEqual(['covid', '19']);
    expect(excluded(['COVID-19'])).toEqual([]);
  });

  it('excludes a word after a dash at the start of a term or after a space', () => {
    expect(excluded(['-shape'])).toEqual(['shape']);
    expect(words(['covid -test'])).toEqual(['covid']);
    expect(excluded(['covid -test'])).toEqual(['test']);
    expect(excluded(['covid', '-test'])).toEqual(['test']);
  });

  it('excludes several words after one dash as a phrase', () => {
    expect(excluded(['-covid-19'])).toEqual(['"covid 19"']);
    expect(excluded(['-"open data"'])).toEqual(['"open data"']);
  });

  it('reads double-quoted words as a phrase and ignores an unmatched quote', () => {
    expect(words(['"open data" portal'])).toEqual(['"open data"', 'portal']);
    expect(words(['"open', 'data"'])).toEqual(['"open data"']);
    expect(words(['open "data'])).toEqual(['open', 'data']);
  });

  it('takes the characters of tsquery syntax as plain punctuation', () => {
    expect(words(['a&b !c d:* <-> (e)'])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parseQuery(['&!:()<->*']).clauses).toEqual([]);
  });

  it('marks German and English stop words, or included, on folded words', () => {
    const clauses = parseQuery(['the', 'or', 'für', 'Daten']).clauses;
    expect(clauses.map((clause) => clause.kind === 'word' && clause.isStopWord)).toEqual([true, true, true, false]);
  });

  it('keeps query words folded and unstemmed, CJK runs whole and simplified', () => {
    expect(parseQuery(['Köln Märkte 臺灣']).clauses).toEqual([
      { kind: 'word', word: 'koln', isStopWord: false, isCjk: false },
      { kind: 'word', word: 'markte', isStopWord: false, isCjk: false },
      { kind: 'word', word: '台湾', isStopWord: false, isCjk: true },
    ]);
  });

  it('gives the title key of the whole query', () => {
    expect(parseQuery(['NNDSS - TABLE 1E.', 'Botulism']).titleKey).toBe('nndss table 1e botulism');
  });
});

describe('queryTokens', () => {
  it('matches a word in German, English and unstemmed documents', () => {
    const tokens = queryTokens('markets');
    for (const language of ['de', 'en', null]) {
      expect(tokens).toContain(analyzeText('Markets', language)[0]);
    }
  });

  it('matches a folded query word against an accented document word', () => {
    const word = parseQuery(['Koln']).clauses[0];
    expect(word?.kind === 'word' && queryTokens(word.word)).toContain(analyzeText('Köln', 'de')[0]);
  });

  it('cuts a CJK run into the pairs a document of that run holds', () => {
    expect(queryTokens('污水处理')).toEqual(analyzeText('污水處理', 'zh'));
  });
});
