import './mantine-styles';
import './app.css';
import i18next from 'i18next';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SignInProvider } from '../features/auth/SignInProvider';
import { AppProviders, createQueryClient } from './providers';
import { routes } from './router';

/** The app's router, made by main.tsx once the page's styles and language are in. */
export type TAppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Made when the app first renders, not as this module loads: on a slow phone the evaluation of the
 * app's scripts is one long task, and the router's start (it reads and writes the browser's history)
 * is a task of its own this way.
 */
export function createAppRouter(): TAppRouter {
  return createBrowserRouter(routes);
}

/** The web app: providers around the browser router. */
export function App({ router }: { router: TAppRouter }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient} i18n={i18next}>
      <SignInProvider navigate={(path) => void router.navigate(path, { replace: true })}>
        <RouterProvider router={router} />
      </SignInProvider>
    </AppProviders>
  );
}
