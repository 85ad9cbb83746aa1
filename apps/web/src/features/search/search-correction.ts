import { splitQuery } from '@dsm/contracts';

/** One word of the corrected query, as the correction line shows it. */
export type TCorrectedTerm = {
  term: string;
  /** Not among the typed terms: a correction, shown emphasised. */
  isCorrected: boolean;
};

/**
 * The terms the server searched instead of the typed ones ('|'-joined in `correctedQuery`), each marked
 * when it is a correction rather than a typed term. The server may change a term's case as it searches,
 * so 'Köln' typed and 'köln' searched is the same word, not a correction.
 */
export function correctedTerms(typed: readonly string[], correctedQuery: string): TCorrectedTerm[] {
  const typedWords = new Set(typed.map((term) => term.toLocaleLowerCase()));
  return splitQuery(correctedQuery).map((term) => ({
    term,
    isCorrected: !typedWords.has(term.toLocaleLowerCase()),
  }));
}
