import { type RenderResult, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders, createQueryClient, TEST_USER } from '../app/providers';
import type { TCurrentUser } from '../features/auth/current-user';

/** Shows the current path and query string, so tests can assert where a component navigated. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export type TRenderOptions = {
  /** The URL the router starts at; '/' by default. */
  url?: string;
  /** The route path the element is mounted at; '*' (any) by default. */
  path?: string;
  /** Who is signed in; TEST_USER by default, null for nobody. */
  user?: TCurrentUser | null;
};

/**
 * Renders an element with the app's providers (a fresh query client without retries, English) at
 * a memory route, with a LocationProbe beside it.
 */
export function renderWithProviders(element: ReactElement, options: TRenderOptions = {}): RenderResult {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const router = createMemoryRouter(
    [
      {
        path: options.path ?? '*',
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [options.url ?? '/'] },
  );
  return render(
    <AppProviders
      queryClient={queryClient}
      i18n={i18next}
      env="test"
      testUser={options.user === undefined ? TEST_USER : options.user}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** The path and query string the LocationProbe shows, decoded. */
export function currentLocation(result: RenderResult): URL {
  return new URL(result.getByTestId('location').textContent ?? '/', 'http://localhost');
}
