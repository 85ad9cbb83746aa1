import { MAX_SEARCH_CHARS, MAX_SEARCH_TERMS, TERM_SEPARATOR } from '@dsm/contracts';
import { mulberry32, type TRandom } from '../../catalogue/generate-offers';

/**
 * How a known item is looked for: its exact title, the title with one typo, three consecutive words of
 * it, a query a user would type for it (hand-written), or one of the judged relevance queries.
 */
export const QUERY_CLASSES = ['exact', 'typo', 'fragment', 'natural', 'judged'] as const;
export type TQueryClass = (typeof QUERY_CLASSES)[number];

/** FNV-1a: a stable number from a text, so an item's typo and fragment do not depend on the sample size. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A random stream of its own for one text under one seed. */
export const randomFor = (text: string, seed: number): TRandom =>
  mulberry32(hashText(text) ^ Math.imul(seed, 0x9e3779b1));

const pick = (random: TRandom, below: number): number => Math.floor(random() * below);

/**
 * `count` distinct titles drawn with a seeded shuffle. The titles are put in code-point order first, so
 * the sample depends only on the set of titles and the seed; a smaller sample is a prefix of a larger one.
 */
export function sampleTitles(titles: Iterable<string>, count: number, seed: number): string[] {
  const distinct = [...new Set(titles)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const random = mulberry32(seed);
  const taken = Math.min(count, distinct.length);
  for (let i = 0; i < taken; i++) {
    const j = i + pick(random, distinct.length - i);
    [distinct[i], distinct[j]] = [distinct[j]!, distinct[i]!];
  }
  return distinct.slice(0, taken);
}

// Chinese, Japanese and Korean runs have no letters to mistype the way the typo model means (a word of
// Latin, Greek or Cyrillic letters); their users' slips are other characters of the same sound.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Words a typo can go into: runs of at least 5 letters outside CJK scripts, with their positions. */
function typoWords(text: string): { index: number; letters: string[] }[] {
  return [...text.matchAll(/\p{L}+/gu)]
    .map((match) => ({ index: match.index, letters: Array.from(match[0]) }))
    .filter((word) => word.letters.length >= 5 && !CJK.test(word.letters.join('')));
}

const sameCase = (letter: string, like: string): string =>
  like === like.toUpperCase() && like !== like.toLowerCase() ? letter.toUpperCase() : letter;

/** One letter different from `letter`, in its case. */
function otherLetter(random: TRandom, letter: string): string {
  const lower = letter.toLowerCase();
  const choices = [...LETTERS].filter((candidate) => candidate !== lower);
  return sameCase(choices[pick(random, choices.length)]!, letter);
}

/**
 * The text with one typo in one of its words of at least 5 letters: two neighbouring letters swapped,
 * one dropped, one inserted or one replaced (Damerau-Levenshtein distance 1, as typo-tolerant engines
 * count). Null when the text has no such word (most Chinese titles).
 */
export function withOneTypo(text: string, random: TRandom): string | null {
  const words = typoWords(text);
  if (words.length === 0) return null;
  const word = words[pick(random, words.length)]!;
  const letters = [...word.letters];
  const swappable = letters.slice(0, -1).flatMap((letter, i) => (letter !== letters[i + 1] ? [i] : []));
  const kinds = ['drop', 'insert', 'replace', ...(swappable.length > 0 ? ['swap'] : [])] as const;
  const kind = kinds[pick(random, kinds.length)];
  if (kind === 'swap') {
    const i = swappable[pick(random, swappable.length)]!;
    [letters[i], letters[i + 1]] = [letters[i + 1]!, letters[i]!];
  } else if (kind === 'drop') {
    letters.splice(pick(random, letters.length), 1);
  } else if (kind === 'insert') {
    const isCapitals = letters.every((letter) => sameCase('a', letter) === 'A');
    const letter = LETTERS[pick(random, LETTERS.length)]!;
    letters.splice(pick(random, letters.length + 1), 0, isCapitals ? letter.toUpperCase() : letter);
  } else {
    const i = pick(random, letters.length);
    letters[i] = otherLetter(random, letters[i]!);
  }
  const original = word.letters.join('');
  return text.slice(0, word.index) + letters.join('') + text.slice(word.index + original.length);
}

/**
 * Three consecutive words of the text (a word being a space-separated run holding a letter or digit),
 * as someone remembering part of a title types it. Null when the text has fewer than four words, so a
 * fragment is never the whole title; Chinese titles without spaces have none.
 */
export function titleFragment(text: string, random: TRandom): string | null {
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length < 4) return null;
  const start = pick(random, words.length - 2);
  return words.slice(start, start + 3).join(' ');
}

/**
 * The `query` parameter the search bar sends for typed text: the text split into terms at spaces, repeats
 * dropped, cut to the API's limits (20 terms, fewer than 2,000 characters); the search bar keeps the same
 * terms of a longer text and asks for a shorter search.
 */
export function toQueryParameter(text: string): string {
  const terms: string[] = [];
  for (const term of text.split(/[\s|]+/)) {
    if (term.length === 0 || terms.includes(term)) continue;
    if (terms.length >= MAX_SEARCH_TERMS) break;
    if ([...terms, term].join(TERM_SEPARATOR).length >= MAX_SEARCH_CHARS) break;
    terms.push(term);
  }
  return terms.join(TERM_SEPARATOR);
}
