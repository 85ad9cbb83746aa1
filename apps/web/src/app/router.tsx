import type { RouteObject } from 'react-router';
import { AcquisitionsPage } from '../features/acquisitions/AcquisitionsPage';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { CartPage } from '../features/cart/CartPage';
import { TestPage } from '../features/connectors/TestPage';
import { LegalPage } from '../features/legal/LegalPage';
import { NotFoundPage } from '../features/legal/NotFoundPage';
import { MyOfferingsPage } from '../features/my-offerings/MyOfferingsPage';
import { OfferDetailsPage } from '../features/offer/OfferDetailsPage';
import { OfferWizardPage } from '../features/offer-creation/OfferWizardPage';
import { PrerequisitesPage } from '../features/offer-creation/PrerequisitesPage';
import { MyOrdersPage } from '../features/orders/MyOrdersPage';
import { MySalesPage } from '../features/orders/MySalesPage';
import { HomePage } from '../features/search/HomePage';
import { ResultsPage } from '../features/search/ResultsPage';
import { WatchlistPage } from '../features/watchlist/WatchlistPage';
import { RouteError } from './RouteError';
import { Shell } from './Shell';

/** The pages that need sign-in and the product role. */
export const guardedRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'results', element: <ResultsPage /> },
  { path: 'offer/details/:id', element: <OfferDetailsPage /> },
  { path: 'watchlist', element: <WatchlistPage /> },
  { path: 'acquisition', element: <AcquisitionsPage /> },
  { path: 'test', element: <TestPage /> },
  { path: 'offer/create/pre', element: <PrerequisitesPage /> },
  { path: 'offer/create', element: <OfferWizardPage /> },
  { path: 'my-offerings', element: <MyOfferingsPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'orders', element: <MyOrdersPage /> },
  { path: 'sales', element: <MySalesPage /> },
];

/** The legal pages, the sign-in pages and the 404 page. */
export const openRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'auth/callback', element: <AuthCallbackPage /> },
  { path: 'impressum', element: <LegalPage page="impressum" /> },
  { path: 'dataProtection', element: <LegalPage page="dataProtection" /> },
  { path: 'terms', element: <LegalPage page="terms" /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The route table: the shell around every page, and the guarded pages under one pathless layout
 * route whose element is the sign-in guard (it renders the Outlet once the user may pass).
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { id: 'guarded', element: <RequireSignIn />, errorElement: <RouteError />, children: guardedRoutes },
      { errorElement: <RouteError />, children: openRoutes },
    ],
  },
];
