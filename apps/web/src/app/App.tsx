import '@mantine/core/styles.css';
import './app.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { LegalPage } from '../features/legal/LegalPage';
import { NotFoundPage } from '../features/legal/NotFoundPage';
import { OfferDetailsPlaceholderPage } from '../features/offer/OfferDetailsPlaceholderPage';
import { HomePage } from '../features/search/HomePage';
import { ResultsPage } from '../features/search/ResultsPage';
import { AlertProvider } from '../shared/alerts';
import { DemoModeProvider } from '../shared/demo-mode';
import { RouteError } from './RouteError';
import { Shell } from './Shell';

// Shade 8 keeps white text on the primary colour and primary links on white above WCAG AA contrast.
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
});

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

/** The route table; a later guard wraps these routes with sign-in and the product role. */
export const routes = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage />, errorElement: <RouteError /> },
      { path: 'results', element: <ResultsPage />, errorElement: <RouteError /> },
      { path: 'offer/details/:id', element: <OfferDetailsPlaceholderPage />, errorElement: <RouteError /> },
      { path: 'impressum', element: <LegalPage page="impressum" /> },
      { path: 'dataProtection', element: <LegalPage page="dataProtection" /> },
      { path: 'terms', element: <LegalPage page="terms" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <DemoModeProvider>
          <AlertProvider>
            <RouterProvider router={router} />
          </AlertProvider>
        </DemoModeProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
