import './mantine-styles';
import './app.css';
import i18next from 'i18next';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SignInProvider } from '../features/auth/SignInProvider';
import { AppProviders, createQueryClient } from './providers';
import { routes } from './router';

const router = createBrowserRouter(routes);

/** The web app: providers around the browser router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient} i18n={i18next}>
      <SignInProvider navigate={(path) => void router.navigate(path, { replace: true })}>
        <RouterProvider router={router} />
      </SignInProvider>
    </AppProviders>
  );
}
