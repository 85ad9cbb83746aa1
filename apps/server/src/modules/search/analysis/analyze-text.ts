import { characterPairs, splitWords, type TWord } from './split-words';
import { stemLanguage, stemWord } from './stem-word';

/**
 * The index tokens of a text in document order, positions intact so FTS5 phrases hold: words lower case and
 * folded, stemmed with German or English Snowball when the text's `language` is 'de' or 'en' (others are kept
 * whole), stop words kept; CJK runs in simplified characters cut into overlapping character pairs. Words are
 * folded before stemming, as PostgreSQL's unaccent ran before its stemmers: a query word, which arrives folded,
 * then stems to the same token as the document's word.
 */
export function analyzeText(text: string, language: string | null): string[] {
  return analyzeWords(splitWords(text), language);
}

/** `analyzeText` of words already split (a caller that also needs the unstemmed words splits once). */
export function analyzeWords(words: TWord[], language: string | null): string[] {
  const stemming = stemLanguage(language);
  const tokens: string[] = [];
  for (const word of words) {
    if (word.isCjk) tokens.push(...characterPairs(word.text));
    else tokens.push(stemming ? stemWord(word.text, stemming) : word.text);
  }
  return tokens;
}
