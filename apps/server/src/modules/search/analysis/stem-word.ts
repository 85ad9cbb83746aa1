import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as germanStemmer } from '@orama/stemmers/german';

/** The languages whose words are stemmed; every other language is indexed word for word. */
export type TStemLanguage = 'de' | 'en';

const STEMMERS: Record<TStemLanguage, (word: string) => string> = { de: germanStemmer, en: englishStemmer };
const HAS_DIGIT = /\p{N}/u;
/** Words repeat with Zipf's law: a small cache answers most of them. Emptied when full, which is rare and cheap. */
const CACHE_LIMIT = 100_000;
const caches: Record<TStemLanguage, Map<string, string>> = { de: new Map(), en: new Map() };

/** The stemming language of an offer's language code ('de', 'de-AT', 'EN'), or null for no stemming. */
export function stemLanguage(language: string | null): TStemLanguage | null {
  if (!language) return null;
  const primary = language.slice(0, 2).toLowerCase();
  if ((primary === 'de' || primary === 'en') && (language.length === 2 || language[2] === '-' || language[2] === '_')) {
    return primary;
  }
  return null;
}

/**
 * The Snowball stem of a folded word. Words with a digit ("covid19", "2020") stay whole, as PostgreSQL's parser
 * kept them out of the stemmer.
 */
export function stemWord(word: string, language: TStemLanguage): string {
  const cache = caches[language];
  let stem = cache.get(word);
  if (stem !== undefined) return stem;
  stem = HAS_DIGIT.test(word) ? word : STEMMERS[language](word);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, stem);
  return stem;
}
