import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { APP_CONFIG_PATH } from './app-config';
import { userStorageKey } from './oidc-settings';
import { RequireSignIn } from './RequireSignIn';
import { SignInProvider } from './SignInProvider';
import { createTestLocks, requestedUrl, storeSignedInUser, TEST_CONFIG } from './test-session';

function renderApp(url: string) {
  const router = createMemoryRouter(
    [
      { element: <RequireSignIn />, children: [{ path: 'results', element: <p>the results page</p> }] },
      { path: 'impressum', element: <p>the impressum</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} i18n={i18next} env="test">
      <SignInProvider navigate={(path) => void router.navigate(path)}>
        <RouterProvider router={router} />
      </SignInProvider>
    </AppProviders>,
  );
}

describe('SignInProvider', () => {
  it('shows the app at once while the sign-in check runs; a guarded page waits and says so', async () => {
    // The settings have not arrived: the check is still running when the page is looked at.
    let failSettings: (error: Error) => void = () => {};
    const settings = new Promise<Response>((_resolve, reject) => {
      failSettings = reject;
    });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockReturnValue(settings);
    renderApp('/impressum');
    expect(screen.getByText('the impressum')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalled();

    renderApp('/results');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('the results page')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Checking your sign-in');
    // Settle the request, so the next page load (test) asks again.
    await act(async () => failSettings(new Error('offline')));
  });

  it('replaces the app with an error and a retry when the sign-in settings cannot be read', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 503 }));
    renderApp('/impressum');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('the impressum')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('SignInProvider in a browser whose tabs share the session', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'locks', { value: createTestLocks(), configurable: true });
  });
  afterEach(() => Reflect.deleteProperty(navigator, 'locks'));

  /** A fresh page load: the app's modules anew, so the sign-in check runs again. */
  async function loadApp(url: string) {
    vi.resetModules();
    const [{ AppProviders: Providers, createQueryClient: queryClient }, guard, provider, menu, login] =
      await Promise.all([
        import('../../app/providers'),
        import('./RequireSignIn'),
        import('./SignInProvider'),
        import('./UserMenu'),
        import('./LoginPage'),
      ]);
    const router = createMemoryRouter(
      [
        { element: <guard.RequireSignIn />, children: [{ path: 'results', element: <p>the results page</p> }] },
        { path: 'impressum', element: <menu.UserMenu /> },
        { path: 'login', element: <login.LoginPage /> },
      ],
      { initialEntries: [url] },
    );
    render(
      <Providers queryClient={queryClient()} i18n={i18next} env="test">
        <provider.SignInProvider navigate={(path) => void router.navigate(path)}>
          <RouterProvider router={router} />
        </provider.SignInProvider>
      </Providers>,
    );
  }

  /** The server's settings; every other request is recorded, the provider's included. */
  function serveSettings(): string[] {
    const requests: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = requestedUrl(input);
      if (url === APP_CONFIG_PATH) return Response.json(TEST_CONFIG);
      requests.push(url);
      return new Response('unexpected', { status: 500 });
    });
    return requests;
  }

  /** What another tab's change of the stored user looks like to this one. */
  function changeInAnotherTab(newValue: string | null) {
    const key = userStorageKey(TEST_CONFIG);
    if (newValue === null) localStorage.removeItem(key);
    else localStorage.setItem(key, newValue);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
    });
  }

  it('shows a guarded page at once to a signed-in user, without asking the provider', async () => {
    storeSignedInUser();
    const otherRequests = serveSettings();
    await loadApp('/results');
    expect(await screen.findByText('the results page')).toBeTruthy();
    expect(otherRequests).toEqual([]);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('signs this tab out when another tab signs out', async () => {
    storeSignedInUser();
    serveSettings();
    await loadApp('/impressum');
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeTruthy();
    changeInAnotherTab(null);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ada Lovelace/ })).toBeNull();
  });

  it('shows /login on a guarded page signed out in another tab, rather than signing in while that logout runs', async () => {
    storeSignedInUser();
    const providerRequests = serveSettings();
    await loadApp('/results');
    expect(await screen.findByText('the results page')).toBeTruthy();
    changeInAnotherTab(null);
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.queryByText('the results page')).toBeNull();
    expect(providerRequests).toEqual([]);
  });

  it('shows the user another tab signed in, never the former name with the new token', async () => {
    storeSignedInUser();
    serveSettings();
    await loadApp('/impressum');
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeTruthy();
    localStorage.clear();
    const other = storeSignedInUser({ sub: 'user-2', name: 'Grace Hopper' });
    changeInAnotherTab(other.toStorageString());
    expect(await screen.findByRole('button', { name: /Grace Hopper/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ada Lovelace/ })).toBeNull();
  });
});
