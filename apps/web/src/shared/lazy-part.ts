import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A part of the shell loaded on first use (a menu, the cart icon, the drawer) whose code may be gone,
 * as in a tab opened before a deploy: when its import fails, the part renders `Fallback` and the
 * error is reported, so the header and the page stay usable instead of the whole shell giving way
 * to the error page. A page's own failure is its route's boundary's (RouteErrorBoundary).
 */
export function lazyPart<TProps extends object>(
  load: () => Promise<ComponentType<TProps>>,
  Fallback: ComponentType<TProps>,
): LazyExoticComponent<ComponentType<TProps>> {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      console.error(error);
      return { default: Fallback };
    }
  });
}
