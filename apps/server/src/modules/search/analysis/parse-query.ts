import { characterPairs, hasCjk, splitWords, type TWord } from './split-words';
import { stemWord } from './stem-word';
import { ENGLISH_STOP_WORDS, GERMAN_STOP_WORDS } from './stop-words';
import { titleKey } from './title-key';

/** One requirement of a query: a word (folded, unstemmed), or words that must stand next to each other. */
export type TQueryClause =
  | {
      kind: 'word';
      /** Lower case, accents folded, not stemmed; for Chinese, Japanese and Korean the whole run, simplified. */
      word: string;
      /** A German or English function word ('der', 'the', 'or'), which a search may treat as optional. */
      isStopWord: boolean;
      /** A Chinese, Japanese or Korean run, matched through its character pairs rather than typo correction. */
      isCjk: boolean;
    }
  | {
      kind: 'phrase';
      /** The phrase's words in order, folded and not stemmed. */
      words: string[];
    };

export type TParsedQuery = {
  /** What the offers must contain. */
  clauses: TQueryClause[];
  /** What the offers must not contain. */
  excluded: TQueryClause[];
  /** The whole query as `titleKey` reads it, to recognise an exact title. */
  titleKey: string;
};

const STOP_WORDS = new Set([...GERMAN_STOP_WORDS, ...ENGLISH_STOP_WORDS].map((word) => titleKey(word)));
const QUOTES = new Set(['"', '“', '”', '„']);
const WHITESPACE = /\s/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function wordClause(word: TWord): TQueryClause {
  return { kind: 'word', word: word.text, isStopWord: !word.isCjk && STOP_WORDS.has(word.text), isCjk: word.isCjk };
}

/** Positions of the quotes that open a phrase, each with its closing one; a quote left without a partner is text. */
function phraseBounds(text: string): Map<number, number> {
  const quotes: number[] = [];
  for (let i = 0; i < text.length; i++) if (QUOTES.has(text[i]!)) quotes.push(i);
  const bounds = new Map<number, number>();
  for (let i = 0; i + 1 < quotes.length; i += 2) bounds.set(quotes[i]!, quotes[i + 1]!);
  return bounds;
}

/**
 * Reads the search bar's terms the way websearch_to_tsquery read them, minus its traps: every word is required;
 * "quoted words" form a phrase; a `-` at the start of a term or after a space and before a letter, digit or quote
 * excludes what follows it up to the next space (several words there are excluded as one phrase: `-covid-19`).
 * Any other dash, and `&`, `!`, `:`, `<->`, brackets and the like, only separate words, so a title such as
 * "NNDSS - TABLE 1E. Botulism" is a plain query and no character is ever an error. Terms are joined with spaces
 * first, as the search bar splits a typed query at spaces.
 */
export function parseQuery(terms: string[]): TParsedQuery {
  const text = terms.join(' ').normalize('NFKC');
  const bounds = phraseBounds(text);
  const clauses: TQueryClause[] = [];
  const excluded: TQueryClause[] = [];
  const seen = new Set<string>();
  const add = (target: TQueryClause[], clause: TQueryClause) => {
    const key = `${target === excluded ? '-' : '+'}${clause.kind === 'word' ? clause.word : `"${clause.words.join(' ')}`}`;
    if (seen.has(key)) return;
    seen.add(key);
    target.push(clause);
  };
  const addPhrase = (target: TQueryClause[], words: TWord[]) => {
    if (words.length > 0) add(target, { kind: 'phrase', words: words.map((word) => word.text) });
  };

  let i = 0;
  while (i < text.length) {
    if (WHITESPACE.test(text[i]!)) {
      i++;
      continue;
    }
    const isExcluded =
      text[i] === '-' && i + 1 < text.length && (LETTER_OR_DIGIT.test(text[i + 1]!) || bounds.has(i + 1));
    const start = isExcluded ? i + 1 : i;
    const close = bounds.get(start);
    if (close !== undefined) {
      addPhrase(isExcluded ? excluded : clauses, splitWords(text.slice(start + 1, close)));
      i = close + 1;
      continue;
    }
    let end = start;
    while (end < text.length && !WHITESPACE.test(text[end]!) && !bounds.has(end)) end++;
    const words = splitWords(text.slice(start, end));
    if (!isExcluded) for (const word of words) add(clauses, wordClause(word));
    else if (words.length === 1) add(excluded, wordClause(words[0]!));
    else addPhrase(excluded, words);
    i = end;
  }
  return { clauses, excluded, titleKey: titleKey(terms.join(' ')) };
}

/**
 * The distinct index tokens a query word can match: documents were stemmed in their own language, so the word's
 * German stem, its English stem and the word itself (for text in other languages); for a CJK run its character
 * pairs, which are not alternatives: a document holds the run when it holds them all, as a phrase (consecutive
 * pairs sit at consecutive positions). A single character is its own token; FTS5 should also match it as the
 * prefix of a pair.
 */
export function queryTokens(word: string): string[] {
  if (hasCjk(word)) {
    return [...new Set(splitWords(word).flatMap((part) => (part.isCjk ? characterPairs(part.text) : [part.text])))];
  }
  return [...new Set([stemWord(word, 'de'), stemWord(word, 'en'), word])];
}
