import { matchPath } from 'react-router';

/**
 * The pages people land on from outside (links, bookmarks, a reload), with the same imports as
 * their routes in router.tsx: loaded while the sign-in check runs instead of after it. The build's
 * landing-preload.js (vite.config.ts) already asks for their files while the main script downloads.
 */
const LANDING_PAGES: [pattern: string, load: () => Promise<unknown>][] = [
  ['/', () => import('../features/search/HomePage')],
  ['/results', () => import('../features/search/ResultsPage')],
  ['/offer/details/:id', () => import('../features/offer/OfferDetailsPage')],
];

/** Starts loading the page of a landing path; the route's lazy component then finds it loaded. */
export function preloadLandingPage(pathname: string): void {
  const page = LANDING_PAGES.find(([pattern]) => matchPath(pattern, pathname) !== null);
  // A failed load is retried, and reported, by the route itself.
  page?.[1]().catch(() => {});
}
