import { MAX_SEARCH_CHARS, MAX_SEARCH_TERMS, TERM_SEPARATOR } from '@dsm/contracts';

/** Phrases typed into the search bar that switch the demo mode instead of searching. */
export const DEMO_MODE_ON = 'activate-demo-mode';
export const DEMO_MODE_OFF = 'deactivate-demo-mode';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is dropped.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text without control characters other than whitespace: pasted text can carry them (a NUL,
 * a terminal's colour codes), no offer contains them, and the database refuses a NUL. The bidi
 * overrides go too: they only make a term read differently from what is searched ('\u202Eevil'
 * shows as 'live'); right-to-left text itself stays.
 */
export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS, '');

/**
 * Splits typed text into terms: on spaces (and on '|', the separator of the URL and the API, which
 * a term cannot contain), except inside double quotes, which keep a phrase together. The quotes
 * stay so the server searches the phrase; an unclosed quote runs to the end; repeats are dropped.
 */
export function splitTerms(text: string): string[] {
  const terms: string[] = [];
  const pattern = /"([^"]*)"?|([^\s"|]+)/g;
  for (const match of withoutControlCharacters(text).matchAll(pattern)) {
    let term: string | null = null;
    if (match[1] !== undefined) {
      const phrase = match[1].replaceAll(TERM_SEPARATOR, ' ').trim().replace(/\s+/g, ' ');
      if (phrase) term = phrase.includes(' ') ? `"${phrase}"` : phrase;
    } else if (match[2]) {
      term = match[2];
    }
    if (term && !terms.includes(term)) terms.push(term);
  }
  return terms;
}

/** True when the terms fit: at most 20 of them and fewer than 2000 characters when joined. */
export function isWithinLimits(terms: readonly string[]): boolean {
  return terms.length <= MAX_SEARCH_TERMS && joinTerms(terms).length < MAX_SEARCH_CHARS;
}

export type TAddTermsResult = {
  /** The accumulated terms, cut to the limits when they were exceeded. */
  terms: string[];
  /** True when the limit of 20 terms or 2000 characters cut the list: show the alert, do not search. */
  isOverLimit: boolean;
};

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

/** What a submitted search text asks for. */
export type TSearchInputOutcome =
  /** One of the demo phrases: switch the flag, clear the input, do not search. */
  | { kind: 'demoMode'; isOn: boolean }
  /** Search with these terms. */
  | { kind: 'search'; terms: string[] }
  /** The limits were exceeded: keep these truncated terms, alert, do not search. */
  | { kind: 'overLimit'; terms: string[] };

/** Interprets a submitted search text against the accumulated terms. */
export function interpretSearchInput(current: readonly string[], text: string): TSearchInputOutcome {
  const typed = text.trim();
  if (typed === DEMO_MODE_ON) return { kind: 'demoMode', isOn: true };
  if (typed === DEMO_MODE_OFF) return { kind: 'demoMode', isOn: false };
  const result = addTerms(current, splitTerms(typed));
  return result.isOverLimit ? { kind: 'overLimit', terms: result.terms } : { kind: 'search', terms: result.terms };
}

/** The `searchText` / `query` parameter: terms joined by a vertical bar. */
export const joinTerms = (terms: readonly string[]): string => terms.join(TERM_SEPARATOR);
