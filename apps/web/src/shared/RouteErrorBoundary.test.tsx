import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { lazy } from 'react';
import { createMemoryRouter, Link, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers';
import { isChunkLoadError, RouteErrorBoundary } from './RouteErrorBoundary';

/** A page that fails while `failures` is above 0, counting each failed render down. */
const broken = { failures: 0 };
function FlakyPage() {
  if (broken.failures > 0) {
    broken.failures -= 1;
    throw new Error('the page broke');
  }
  return <h1>Flaky page</h1>;
}

const staleError = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost/assets/CartPage-3f9a.js',
);
const StalePage = lazy(() => Promise.reject(staleError));

/** The shell of the test: a header that must stay usable whatever a page does. */
function TestShell() {
  return (
    <>
      <header>
        <Link to="/flaky">Flaky</Link> <Link to="/fine">Fine</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function renderAt(url: string) {
  const routes: RouteObject[] = [
    {
      element: <TestShell />,
      children: [
        { path: 'flaky', element: <FlakyPage />, errorElement: <RouteErrorBoundary /> },
        { path: 'stale', element: <StalePage />, errorElement: <RouteErrorBoundary /> },
        { path: 'fine', element: <h1>Fine page</h1>, errorElement: <RouteErrorBoundary /> },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()} i18n={i18next} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the error boundary of a page', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // React and the boundary report the failure; the tests read the report instead of printing it.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    broken.failures = 0;
    await act(() => i18next.changeLanguage('en'));
  });

  it('shows a message with retry and home in place of the failed page, keeps the shell and reports the error', async () => {
    broken.failures = 10;
    renderAt('/flaky');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('This page could not be shown.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner').textContent).toContain('Fine');
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'the page broke' }));
  });

  it('renders the page again on Try again', async () => {
    broken.failures = 2;
    renderAt('/flaky');
    await screen.findByRole('alert');
    broken.failures = 0;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Flaky page' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears when the user goes to another page through the shell', async () => {
    broken.failures = 10;
    renderAt('/flaky');
    await screen.findByRole('alert');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Fine' }));
    expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a reload when the page code of an older deploy is gone', async () => {
    renderAt('/stale');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(staleError);
  });

  it('speaks the chosen language', async () => {
    await act(() => i18next.changeLanguage('de'));
    broken.failures = 10;
    renderAt('/flaky');
    expect((await screen.findByRole('alert')).textContent).toContain('Diese Seite konnte nicht angezeigt werden.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://example.org/assets/a.js',
    'error loading dynamically imported module: https://example.org/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('recognises %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), null, undefined, 42, { message: 'x' }])(
    'leaves other failures alone: %s',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});
