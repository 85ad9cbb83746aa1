import { MAX_SEARCH_CHARS, MAX_SEARCH_TERMS, TERM_SEPARATOR } from '@dsm/contracts';

/** Phrases typed into the search bar that switch the demo mode instead of searching. */
export const DEMO_MODE_ON = 'activate-demo-mode';
export const DEMO_MODE_OFF = 'deactivate-demo-mode';

/**
 * Splits typed text into terms: on spaces, except inside double quotes, which keep a phrase
 * together (the quotes stay, so the server searches it as a phrase). An unclosed quote runs to the end.
 */
export function splitTerms(text: string): string[] {
  const terms: string[] = [];
  const pattern = /"([^"]*)"?|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) {
      const phrase = match[1].trim().replace(/\s+/g, ' ');
      if (phrase) terms.push(phrase.includes(' ') ? `"${phrase}"` : phrase);
    } else if (match[2]) {
      terms.push(match[2]);
    }
  }
  return terms;
}

export type TAddTermsResult = {
  terms: string[];
  /** True when the limit of 20 terms or 2000 characters cut the list: show the alert, do not search. */
  isOverLimit: boolean;
};

/** True when the terms fit: at most 20 of them and fewer than 2000 characters when joined. */
export function isWithinLimits(terms: readonly string[]): boolean {
  return terms.length <= MAX_SEARCH_TERMS && terms.join(TERM_SEPARATOR).length < MAX_SEARCH_CHARS;
}

/** Adds new terms to the accumulated ones without duplicates, truncating at the limits. */
export function addTerms(current: readonly string[], additions: readonly string[]): TAddTermsResult {
  const terms = [...current];
  for (const term of additions) if (!terms.includes(term)) terms.push(term);
  if (isWithinLimits(terms)) return { terms, isOverLimit: false };
  const truncated: string[] = [];
  for (const term of terms) {
    if (!isWithinLimits([...truncated, term])) break;
    truncated.push(term);
  }
  return { terms: truncated, isOverLimit: true };
}

/** The `searchText` parameter: terms joined by a vertical bar. */
export const joinTerms = (terms: readonly string[]): string => terms.join(TERM_SEPARATOR);
