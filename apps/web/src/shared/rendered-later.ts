import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render, true right after it, rendered as a transition: the parts of a
 * page that can wait (side panels, tables below the fold) are drawn by React in slices of a few
 * milliseconds between which the browser paints and answers input, instead of in one long task with
 * what the page is for. On a slow phone the title shows sooner, and taps are not kept waiting. The
 * parts appear together, in one commit, below and beside what is already shown.
 */
export function useRenderedLater(): boolean {
  const [isLater, setIsLater] = useState(false);
  useEffect(() => {
    startTransition(() => setIsLater(true));
  }, []);
  return isLater;
}
