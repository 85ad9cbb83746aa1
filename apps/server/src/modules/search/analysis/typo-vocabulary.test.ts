import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { addWords, createVocabularySchema, findCorrections, hasWord, removeWords } from './typo-vocabulary';

const WORDS: [string, number][] = [
  ['street', 40],
  ['streets', 3],
  ['parking', 25],
  ['county', 60],
  ['country', 30],
  ['congressional', 12],
  ['district', 50],
  ['vaccination', 9],
  ['surveillance', 7],
  ['data', 500],
  ['covid19', 80],
];

function vocabulary(words = WORDS) {
  const db = new Database(':memory:');
  createVocabularySchema(db);
  addWords(db, words);
  return db;
}

const corrected = (db: Database.Database, word: string) => findCorrections(db, word).map((found) => found.word);

describe('typo vocabulary', () => {
  it('corrects the words of real mistyped titles', () => {
    const db = vocabulary();
    expect(corrected(db, 'srteet')[0]).toBe('street');
    expect(corrected(db, 'counyt')[0]).toBe('county');
    expect(corrected(db, 'congerssional')[0]).toBe('congressional');
  });

  it('counts an inserted, dropped or replaced letter and a swap of neighbours as one typo', () => {
    const db = vocabulary();
    for (const typed of ['parkking', 'parkng', 'parkimg', 'pakring', 'aprking', 'parkign']) {
      expect(findCorrections(db, typed)[0]).toEqual({ word: 'parking', distance: 1, documents: 25 });
    }
  });

  it('tolerates two typos, one of them a letter too many or a swap, only in words of at least 9 letters', () => {
    const db = vocabulary();
    expect(findCorrections(db, 'vaccinnatoin')).toEqual([{ word: 'vaccination', distance: 2, documents: 9 }]);
    expect(corrected(db, 'vacinatoin')).toEqual(['vaccination']);
    expect(corrected(db, 'cnogressoinal')).toEqual(['congressional']);
    expect(corrected(db, 'disstrcit')).toEqual(['district']);
    expect(corrected(db, 'survellance')).toEqual(['surveillance']);
    expect(corrected(db, 'dsitrcit')).toEqual([]);
    expect(corrected(db, 'dsitrict')).toEqual(['district']);
  });

  it('tolerates no typo under 5 letters and leaves known words, codes and CJK alone', () => {
    const db = vocabulary();
    expect(corrected(db, 'dara')).toEqual([]);
    expect(corrected(db, 'street')).toEqual([]);
    expect(corrected(db, 'covid18')).toEqual([]);
    expect(corrected(db, '污水处理厂')).toEqual([]);
  });

  it('orders the nearest first, then the word in most documents', () => {
    const db = vocabulary();
    expect(findCorrections(db, 'countyr')).toEqual([
      { word: 'county', distance: 1, documents: 60 },
      { word: 'country', distance: 1, documents: 30 },
    ]);
    expect(corrected(db, 'streetz')).toEqual(['street', 'streets']);
    expect(findCorrections(db, 'streetz', 1)).toHaveLength(1);
  });

  it('adds counts incrementally and forgets a word no document holds any more', () => {
    const db = vocabulary();
    addWords(db, [
      ['parking', 5],
      ['harbour', 2],
    ]);
    expect(findCorrections(db, 'harbor')[0]).toEqual({ word: 'harbour', distance: 1, documents: 2 });
    expect(findCorrections(db, 'parkign')[0]?.documents).toBe(30);
    removeWords(db, [['harbour', 1]]);
    expect(hasWord(db, 'harbour')).toBe(true);
    removeWords(db, [['harbour', 1]]);
    expect(hasWord(db, 'harbour')).toBe(false);
    expect(corrected(db, 'harbor')).toEqual([]);
  });

  it('keeps codes and CJK out of the vocabulary', () => {
    const db = vocabulary();
    expect(hasWord(db, 'covid19')).toBe(false);
    expect(hasWord(db, 'street')).toBe(true);
  });
});
