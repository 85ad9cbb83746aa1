import { type ComponentType, lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
import { RequireOperator } from '../features/auth/RequireOperator';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { Shell } from './Shell';

/**
 * A page loaded on first visit, so the first download holds only the shell and the page asked
 * for (the initial JavaScript budget); the Shell's Suspense shows a loader meanwhile.
 */
function page<TModule, TName extends keyof TModule>(load: () => Promise<TModule>, name: TName): TModule[TName] {
  const component = lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
  return component as unknown as TModule[TName];
}

const AcquisitionsPage = page(() => import('../features/acquisitions/AcquisitionsPage'), 'AcquisitionsPage');
const CartPage = page(() => import('../features/cart/CartPage'), 'CartPage');
const TestPage = page(() => import('../features/connectors/TestPage'), 'TestPage');
const ConnectorConsolePage = page(
  () => import('../features/connector-console/ConnectorConsolePage'),
  'ConnectorConsolePage',
);
const ConnectorsPage = page(() => import('../features/connector-console/ConnectorsPage'), 'ConnectorsPage');
const HarvestPage = page(() => import('../features/harvest/HarvestPage'), 'HarvestPage');
const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const NotFoundPage = page(() => import('../features/legal/NotFoundPage'), 'NotFoundPage');
const LegalPage = page(() => import('../features/legal/LegalPage'), 'LegalPage');
const MyOfferingsPage = page(() => import('../features/my-offerings/MyOfferingsPage'), 'MyOfferingsPage');
const OfferDetailsPage = page(() => import('../features/offer/OfferDetailsPage'), 'OfferDetailsPage');
const OfferWizardPage = page(() => import('../features/offer-creation/OfferWizardPage'), 'OfferWizardPage');
const OrganisationPage = page(() => import('../features/organisation/OrganisationPage'), 'OrganisationPage');
const PrerequisitesPage = page(() => import('../features/offer-creation/PrerequisitesPage'), 'PrerequisitesPage');
const MyOrdersPage = page(() => import('../features/orders/MyOrdersPage'), 'MyOrdersPage');
const MySalesPage = page(() => import('../features/orders/MySalesPage'), 'MySalesPage');
const CommissionInvoicesPage = page(
  () => import('../features/orders/CommissionInvoicesPage'),
  'CommissionInvoicesPage',
);
const HomePage = page(() => import('../features/search/HomePage'), 'HomePage');
const PublisherPage = page(() => import('../features/publisher/PublisherPage'), 'PublisherPage');
const ResultsPage = page(() => import('../features/search/ResultsPage'), 'ResultsPage');
const WatchlistPage = page(() => import('../features/watchlist/WatchlistPage'), 'WatchlistPage');
const SavedSearchesPage = page(() => import('../features/alerts/SavedSearchesPage'), 'SavedSearchesPage');

/** A page for operators only. */
const forOperators = (page: ReactNode) => <RequireOperator>{page}</RequireOperator>;

/**
 * Gives every page its own error boundary: a page that fails to render (or whose code cannot be
 * loaded) shows the boundary in its place, inside the shell, and the other pages keep working.
 */
function withErrorBoundaries(pages: RouteObject[]): RouteObject[] {
  return pages.map((route) => ({ ...route, errorElement: <RouteErrorBoundary /> }) as RouteObject);
}

/** The pages that need sign-in and the product role. */
export const guardedRoutes: RouteObject[] = withErrorBoundaries([
  { index: true, element: <HomePage /> },
  { path: 'results', element: <ResultsPage /> },
  { path: 'offer/details/:id', element: <OfferDetailsPage /> },
  { path: 'publisher/:id', element: <PublisherPage /> },
  { path: 'watchlist', element: <WatchlistPage /> },
  { path: 'saved-searches', element: <SavedSearchesPage /> },
  { path: 'acquisition', element: <AcquisitionsPage /> },
  { path: 'test', element: <TestPage /> },
  { path: 'connectors', element: forOperators(<ConnectorsPage />) },
  { path: 'connectors/:connectorId', element: forOperators(<ConnectorConsolePage />) },
  { path: 'harvest', element: forOperators(<HarvestPage />) },
  { path: 'offer/create/pre', element: <PrerequisitesPage /> },
  { path: 'offer/create', element: <OfferWizardPage /> },
  { path: 'my-offerings', element: <MyOfferingsPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'orders', element: <MyOrdersPage /> },
  { path: 'sales', element: <MySalesPage /> },
  { path: 'commission-invoices', element: <CommissionInvoicesPage /> },
  { path: 'profile/organisation', element: <OrganisationPage /> },
]);

/** The legal pages, the sign-in pages and the 404 page. */
export const openRoutes: RouteObject[] = withErrorBoundaries([
  { path: 'login', element: <LoginPage /> },
  { path: 'auth/callback', element: <AuthCallbackPage /> },
  { path: 'impressum', element: <LegalPage page="impressum" /> },
  { path: 'dataProtection', element: <LegalPage page="dataProtection" /> },
  { path: 'terms', element: <LegalPage page="terms" /> },
  { path: '*', element: <NotFoundPage /> },
]);

/**
 * The route table: the shell around every page, and the guarded pages under one pathless layout
 * route whose element is the sign-in guard (it renders the Outlet once the user may pass). Besides
 * each page's own boundary, the guard has one (its failure keeps the shell) and the shell one, the
 * last resort when the shell itself fails.
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { id: 'guarded', element: <RequireSignIn />, errorElement: <RouteErrorBoundary />, children: guardedRoutes },
      { errorElement: <RouteErrorBoundary />, children: openRoutes },
    ],
  },
];
