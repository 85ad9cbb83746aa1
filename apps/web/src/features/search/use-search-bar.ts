import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { useDemoMode } from '../../shared/DemoModeProvider';
import { addTerms, interpretSearchInput, joinTerms, type TAddTermsResult } from '../../shared/search/search-terms';

/** How long the query-size alert stays, as the specification fixes it. */
export const QUERY_SIZE_ALERT_MS = 2000;

export type TSearchBarState = {
  text: string;
  setText: (text: string) => void;
  /** The terms shown as tags: the searched ones, or the truncated ones after a refused search. */
  terms: string[];
  /** Searches with the typed text added to the terms (Enter or the Search button). */
  submit: () => void;
  /** Searches with one more term (a suggested topic). */
  addTerm: (term: string) => void;
  /** Searches with a picked suggestion added, as if it had been typed and Enter pressed; several words stay one phrase. */
  pickSuggestion: (suggestion: string) => void;
  /** Searches without this term. */
  removeTerm: (term: string) => void;
  /** Clears text and terms and lists everything. */
  showCompleteCatalog: () => void;
};

/**
 * The search bar's behaviour: typed text and suggested topics accumulate as terms; beyond 20 terms
 * or 2000 characters the terms are cut, an error alert shows for 2000 ms and nothing is searched;
 * the demo phrases switch the demo mode, clear the input and search nothing.
 */
export function useSearchBar(
  searchedTerms: readonly string[],
  onSearch: (terms: string[]) => void,
  onShowCompleteCatalog: () => void,
): TSearchBarState {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const { setDemoMode } = useDemoMode();
  const [text, setText] = useState('');
  // Truncated terms outlive a refused search until the searched terms change (a new search, a reset).
  const searchedKey = joinTerms(searchedTerms);
  const [truncated, setTruncated] = useState<{ key: string; terms: string[] } | null>(null);
  const terms = truncated?.key === searchedKey ? truncated.terms : [...searchedTerms];

  const refuse = (result: string[]) => {
    setTruncated({ key: searchedKey, terms: result });
    setText('');
    showAlert(t('search.queryTooLarge'), { type: 'error', duration: QUERY_SIZE_ALERT_MS });
  };
  const search = (result: TAddTermsResult) => {
    if (result.isOverLimit) return refuse(result.terms);
    setTruncated(null);
    setText('');
    onSearch(result.terms);
  };

  const submitText = (typed: string) => {
    const outcome = interpretSearchInput(terms, typed);
    if (outcome.kind === 'demoMode') {
      setDemoMode(outcome.isOn);
      setText('');
      showAlert(t(outcome.isOn ? 'search.demoOn' : 'search.demoOff'));
    } else if (outcome.kind === 'overLimit') {
      refuse(outcome.terms);
    } else {
      search({ terms: outcome.terms, isOverLimit: false });
    }
  };

  return {
    text,
    setText,
    terms,
    submit: () => submitText(text),
    pickSuggestion(suggestion) {
      const words = suggestion.replaceAll('"', ' ').trim();
      submitText(/\s/.test(words) ? `"${words}"` : words);
    },
    addTerm: (term) => search(addTerms(terms, [term])),
    removeTerm: (term) => search({ terms: terms.filter((item) => item !== term), isOverLimit: false }),
    showCompleteCatalog() {
      setTruncated(null);
      setText('');
      onShowCompleteCatalog();
    },
  };
}
