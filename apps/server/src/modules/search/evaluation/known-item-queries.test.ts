import { describe, expect, it } from 'vitest';
import { randomFor, sampleTitles, titleFragment, toQueryParameter, withOneTypo } from './known-item-queries';

/** Damerau-Levenshtein distance with adjacent transpositions (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => i + j));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
        i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]
          ? d[i - 2]![j - 2]! + 1
          : Number.POSITIVE_INFINITY,
      );
    }
  }
  return d[x.length]![y.length]!;
}

const TITLES = [
  'Provisional COVID-19 Death Counts by Week Ending Date and State',
  'Farmers Markets - Shape',
  'Heart Disease Mortality Data Among US Adults (35+) by State/Territory and County',
  'Sea turtle sightings in Taiwan | 台灣海龜目擊紀錄',
  'Lärm am Flughafen Köln/Bonn – Messung der Fluglärmbelastung',
];

describe('known-item queries', () => {
  it('puts exactly one typo into one word of at least 5 letters, the rest of the title unchanged', () => {
    for (const title of TITLES) {
      for (let seed = 1; seed <= 50; seed++) {
        const typo = withOneTypo(title, randomFor(title, seed))!;
        expect(typo, title).not.toBe(title);
        expect(editDistance(typo, title), `${title} -> ${typo}`).toBe(1);
        const changed = typo.split(' ').filter((word, i) => word !== title.split(' ')[i]);
        expect(changed.length, `${title} -> ${typo}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('finds no word to mistype in a Chinese title or in short words', () => {
    expect(withOneTypo('台灣生物多樣性網絡物種名錄', randomFor('x', 1))).toBeNull();
    expect(withOneTypo('FOIA - Logs 2020', randomFor('x', 1))).toBeNull();
  });

  it('takes three consecutive words of a title of at least four, skipping lone punctuation', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const fragment = titleFragment('Farmers Markets - Shape Data', randomFor('f', seed))!;
      expect(['Farmers Markets Shape', 'Markets Shape Data']).toContain(fragment);
    }
    expect(titleFragment('Farmers Markets - Shape', randomFor('f', 1))).toBeNull();
    expect(titleFragment('清代臺灣人口統計', randomFor('f', 1))).toBeNull();
  });

  it('samples the same titles for the same seed, a smaller sample being a prefix of a larger one', () => {
    const titles = Array.from({ length: 200 }, (_, i) => `Title ${i}`);
    const large = sampleTitles(titles, 50, 7);
    expect(sampleTitles([...titles].reverse(), 50, 7)).toEqual(large);
    expect(sampleTitles(titles, 10, 7)).toEqual(large.slice(0, 10));
    expect(new Set(large).size).toBe(50);
    expect(sampleTitles(titles, 50, 8)).not.toEqual(large);
    expect(sampleTitles(['a', 'a', 'b'], 10, 1).sort()).toEqual(['a', 'b']);
  });

  it('sends typed text as the search bar does: terms at spaces, at most 20', () => {
    expect(toQueryParameter('covid deaths  by state')).toBe('covid|deaths|by|state');
    expect(toQueryParameter('a | b a')).toBe('a|b');
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(toQueryParameter(long).split('|')).toHaveLength(20);
  });
});
