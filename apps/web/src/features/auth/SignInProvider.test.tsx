import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { RequireSignIn } from './RequireSignIn';
import { SignInProvider } from './SignInProvider';

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
  afterEach(() => vi.restoreAllMocks());

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
