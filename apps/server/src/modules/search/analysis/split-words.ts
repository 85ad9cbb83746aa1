import * as OpenCC from 'opencc-js/t2cn';

/**
 * The scripts written without spaces between words: Chinese, Japanese and Korean. Kana's sound marks and the
 * prolonged sound mark belong to no script of their own but continue a kana word.
 */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3099-\\u309c\\u30fc';
const OTHER = `[[\\p{L}\\p{N}\\p{M}]--[${CJK}]]`;

/** A CJK run, or a word of other letters and digits in which an apostrophe may sit between two of them. */
const WORD = new RegExp(`([${CJK}]+)|(${OTHER}+(?:['’]${OTHER}+)*)`, 'gv');
const HAS_CJK = new RegExp(`[${CJK}]`, 'v');
const APOSTROPHES = /['’ʼ]/g;
const ASCII_WORD = /^[a-z0-9]*$/;
/** Marks on letters of the scripts whose accents are optional in practice; other scripts need their marks. */
const ACCENTS = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;
/** Letters that carry their accent inside, so decomposition leaves them whole (as unaccent.rules folds them). */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
};
/** Accented words repeat with Zipf's law, and decomposing one costs a few microseconds: a small cache answers most. */
const FOLD_CACHE_LIMIT = 50_000;
const foldedWords = new Map<string, string>();
const INNER_ACCENTED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * Traditional to simplified Chinese, with Taiwan's variant characters folded (臺 and 台, 著 and 着): either
 * spelling finds the other. Built once: building reads the whole dictionary.
 */
const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });

/** One word of a text: lower case and folded, or a whole CJK run in simplified characters. */
export type TWord = { text: string; isCjk: boolean };

/** Whether a text holds a Chinese, Japanese or Korean character. */
export function hasCjk(text: string): boolean {
  return HAS_CJK.test(text);
}

/**
 * Folds a lower-case word the way both the index and the query see it: accents off (Köln and Koln meet), ß to ss.
 * Words of plain ASCII, nearly all of them, are returned as they are.
 */
export function foldWord(word: string): string {
  if (ASCII_WORD.test(word)) return word;
  let folded = foldedWords.get(word);
  if (folded !== undefined) return folded;
  folded = word
    .normalize('NFD')
    .replace(ACCENTS, '')
    .replace(INNER_ACCENTED, (letter) => LETTERS[letter]!)
    .normalize('NFC');
  if (foldedWords.size >= FOLD_CACHE_LIMIT) foldedWords.clear();
  foldedWords.set(word, folded);
  return folded;
}

/**
 * The words of a text in order: compatibility forms unified (NFKC: full-width letters, ligatures), lower case,
 * accents folded, apostrophes inside words dropped; every other character separates words. CJK runs come whole
 * and in simplified characters; callers cut them into character pairs.
 */
export function splitWords(text: string): TWord[] {
  let normal = text.normalize('NFKC');
  if (hasCjk(normal)) normal = toSimplified(normal);
  normal = normal.toLowerCase();
  const words: TWord[] = [];
  for (const match of normal.matchAll(WORD)) {
    if (match[1] !== undefined) {
      words.push({ text: match[1], isCjk: true });
      continue;
    }
    const word = match[2]!;
    words.push({
      text: foldWord(
        word.includes("'") || word.includes('’') || word.includes('ʼ') ? word.replace(APOSTROPHES, '') : word,
      ),
      isCjk: false,
    });
  }
  return words;
}

/** The overlapping character pairs of a CJK run, or the run itself when it is one character. */
export function characterPairs(run: string): string[] {
  const characters = Array.from(run);
  if (characters.length === 1) return characters;
  const pairs: string[] = [];
  for (let i = 0; i + 1 < characters.length; i++) pairs.push(characters[i]! + characters[i + 1]!);
  return pairs;
}
