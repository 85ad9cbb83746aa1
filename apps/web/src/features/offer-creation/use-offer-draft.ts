import { useCallback, useRef, useState } from 'react';
import {
  clearFormCache,
  emptyFormCache,
  loadFormCache,
  saveFormCache,
  type TDraftStorage,
  type TFormCache,
} from './form-cache';

/** Local storage, or nothing when the browser denies it (the draft then lives for this page only). */
function browserStorage(): TDraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export type TOfferDraft = {
  cache: TFormCache;
  /** True when the stored draft was damaged and reset in part. */
  isRecovered: boolean;
  /** False once storage refused a save. */
  isSaved: boolean;
  /** True when a draft was stored under the key when the page opened. */
  hadStoredDraft: boolean;
  /** Changes the draft and saves it at once, so every edit survives a reload. */
  update(change: (cache: TFormCache) => TFormCache): void;
  /** Replaces the whole draft (an edit's offer, once loaded) and saves it. */
  replace(cache: TFormCache): void;
  /** Forgets the draft, after publishing or on discard. */
  clear(): void;
};

/** The wizard's draft under a local-storage key, loaded once, saved on every change. */
export function useOfferDraft(key: string): TOfferDraft {
  const storage = useRef(browserStorage()).current;
  const [initial] = useState(() => {
    const hadStoredDraft = (() => {
      try {
        return storage?.getItem(key) != null;
      } catch {
        return false;
      }
    })();
    const loaded = storage ? loadFormCache(storage, key) : { cache: emptyFormCache(), isRecovered: false };
    return { ...loaded, hadStoredDraft };
  });
  const [cache, setCache] = useState<TFormCache>(initial.cache);
  const [isSaved, setIsSaved] = useState(true);
  const latest = useRef(cache);

  const persist = useCallback(
    (next: TFormCache) => {
      latest.current = next;
      setCache(next);
      setIsSaved(storage ? saveFormCache(storage, next, key) : false);
    },
    [key, storage],
  );

  return {
    cache,
    isRecovered: initial.isRecovered,
    isSaved,
    hadStoredDraft: initial.hadStoredDraft,
    update: useCallback((change) => persist(change(latest.current)), [persist]),
    replace: persist,
    clear: useCallback(() => {
      if (storage) clearFormCache(storage, key);
      latest.current = emptyFormCache();
      setCache(latest.current);
    }, [key, storage]),
  };
}
