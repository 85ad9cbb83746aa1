import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves after the browser's next paint: a task queued from an animation frame runs once that frame is drawn.
 * Without animation frames (tests, a hidden tab may pause them) it resolves after the current task.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0);
    const isPainting =
      typeof requestAnimationFrame === 'function' &&
      typeof document !== 'undefined' &&
      document.visibilityState !== 'hidden';
    if (isPainting) requestAnimationFrame(next);
    else next();
  });
}

/**
 * Resolves after the browser's next idle moment and the paint after it: a page that renders its answers in slices
 * (a deferred value) keeps the browser busy until their last slice is committed, and the idle moment that follows
 * can come before that commit is painted; a frame callback from it runs just before that paint, a timeout from
 * the frame callback just after. At the latest `idleLimitMs` after the call the idle wait ends. Safari has no idle
 * callback: a short timeout stands in.
 */
export function afterIdleAndPaint(idleLimitMs = 1_000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: idleLimitMs });
    else setTimeout(resolve, 200);
  }).then(afterNextPaint);
}

/**
 * Resolves once no query of `client` is fetching and the browser has since been idle and painted
 * (afterIdleAndPaint): by then the page has drawn what its first screen waited for, and work that can wait
 * (loading zod to check those answers) no longer holds up the page's largest paint on a slow phone. Resolves after
 * `limitMs` in any case.
 */
export function afterAnswersPainted(client: QueryClient, limitMs = 4_000): Promise<void> {
  return new Promise((resolve) => {
    let isDone = false;
    const finish = () => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, limitMs);
    const check = () => {
      if (client.isFetching() > 0) return;
      void afterIdleAndPaint().then(() => {
        if (client.isFetching() === 0) finish();
      });
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    // The query asking is still fetching now: the check runs after it has answered.
    setTimeout(check, 0);
  });
}
