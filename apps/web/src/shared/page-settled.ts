import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { afterIdleAndPaint } from './after-next-paint';
import { discardUntakenPrefetches } from './prefetched';

/**
 * Whether the first page the app opened has shown its data: until then the shell's own extras (the
 * dropdown menus, the cart count, the profile menu) wait, so on a slow phone connection the page's
 * code and data are not sharing the line with code for menus nobody has opened yet.
 */
let isSettled = false;
const listeners = new Set<() => void>();
/** Settles at the latest this long after the first page appeared, for a page whose calls never rest. */
export const SETTLE_AT_THE_LATEST_MS = 4000;

function settle() {
  if (isSettled) return;
  isSettled = true;
  discardUntakenPrefetches();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * True once the first page has shown its data (and stays true for the rest of the visit). What waits for
 * it is drawn as a transition, in slices: a store read through useSyncExternalStore would redraw the
 * shell and the page synchronously, in one long task, just when the page has shown its data.
 */
export function usePageSettled(): boolean {
  const [isShownSettled, setShownSettled] = useState(isSettled);
  useEffect(() => {
    const show = () => startTransition(() => setShownSettled(true));
    // Settled between this component's render and its effect.
    if (isSettled) {
      show();
      return;
    }
    const unsubscribe = subscribe(show);
    return () => {
      unsubscribe();
    };
  }, []);
  return isShownSettled;
}

/**
 * After the page has drawn what its data brought (afterIdleAndPaint: the idle moment after the page's last slice,
 * then the paint of that slice), so that the extras' downloads do not start ahead of the page's first picture.
 */
function whenIdle(run: () => void): void {
  void afterIdleAndPaint().then(run);
}

/**
 * Waits for the page's calls to rest, then for the browser's next idle moment, and settles. Runs
 * once, from FirstPageMarker; `schedule` is replaced in tests.
 */
export function settleWhenIdle(queryClient: QueryClient, schedule: (run: () => void) => void = whenIdle): () => void {
  if (isSettled) return () => {};
  let isDone = false;
  const finish = () => {
    if (isDone) return;
    isDone = true;
    unsubscribe();
    clearTimeout(latest);
    schedule(settle);
  };
  const check = () => {
    if (queryClient.isFetching() === 0) finish();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const latest = setTimeout(finish, SETTLE_AT_THE_LATEST_MS);
  check();
  return () => {
    isDone = true;
    unsubscribe();
    clearTimeout(latest);
  };
}

/**
 * Rendered after the page inside the shell's Suspense boundary: its effect runs once the page has
 * committed and started its calls, not while the page's code still loads.
 */
export function FirstPageMarker() {
  const queryClient = useQueryClient();
  useEffect(() => settleWhenIdle(queryClient), [queryClient]);
  return null;
}

/** For tests: back to the start of a visit. */
export function resetPageSettled(): void {
  isSettled = false;
}
