import type { TSuggestion } from '@dsm/contracts';
import { useEffect, useState } from 'react';
import { withoutControlCharacters } from '../../shared/search/search-terms';

/** Typing pauses this long before suggestions are asked for, so a fast typist sends one request, not five. */
export const SUGGEST_DELAY_MS = 150;
/** Suggestions start at this many typed characters: one letter completes to too much to be useful. */
export const MIN_SUGGEST_CHARS = 2;
/** The API's longest prefix; longer text asks for nothing. */
const MAX_SUGGEST_CHARS = 100;

const NONE: readonly TSuggestion[] = [];

/**
 * Titles and keywords completing the typed text (`GET /api/search/suggest`), asked for after a typing
 * pause. A newer text aborts the older request, so a slow answer never replaces a newer one; the last
 * list stays meanwhile, so it does not flicker at every key. A failed request suggests nothing: the
 * search bar works without suggestions, so an error message would only distract.
 */
export function useSuggestions(text: string): readonly TSuggestion[] {
  const prefix = withoutControlCharacters(text).trim();
  const isAsked = prefix.length >= MIN_SUGGEST_CHARS && prefix.length <= MAX_SUGGEST_CHARS;
  const [suggestions, setSuggestions] = useState<readonly TSuggestion[]>(NONE);

  useEffect(() => {
    if (!isAsked) {
      setSuggestions(NONE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      import('./fetch-suggestions')
        .then(({ fetchSuggestions }) => fetchSuggestions(prefix, controller.signal))
        .then((list) => {
          if (!controller.signal.aborted) setSuggestions(list);
        })
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions(NONE);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [prefix, isAsked]);

  return isAsked ? suggestions : NONE;
}
