import { act, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserProvider, type TCurrentUser, type TSessionActions } from '../features/auth/current-user';
import { resetPageSettled, usePageSettled } from '../shared/page-settled';
import { AppProviders, createQueryClient, TEST_USER } from './providers';
import { routes } from './router';

const session = (isBusy: boolean): TSessionActions => ({
  isBusy,
  error: null,
  signIn: async () => {},
  signOut: () => {},
  signOutLackingRole: () => {},
});

function Settled() {
  return usePageSettled() ? <p>settled</p> : null;
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => resetPageSettled());

describe('the shell', () => {
  it('does not settle the first page while the sign-in check still runs and the page has asked for nothing', async () => {
    // The page's calls never answer: it has not shown its data, so the header's extras must wait.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    const router = createMemoryRouter(routes, { initialEntries: ['/results?searchText=daten'] });
    const queryClient = createQueryClient();
    const app = (user: TCurrentUser | null, isBusy: boolean): ReactNode => (
      <AppProviders queryClient={queryClient} i18n={i18next} env="test">
        <CurrentUserProvider user={user} actions={session(isBusy)}>
          <RouterProvider router={router} />
          <Settled />
        </CurrentUserProvider>
      </AppProviders>
    );
    const { rerender } = render(app(null, true));
    // Long enough for the idle wait of page-settled.ts (a timeout of 200 ms without requestIdleCallback).
    await wait(600);
    expect(screen.queryByText('settled')).toBeNull();
    rerender(app(TEST_USER, false));
    // The results page has loaded and asked for its search, which never answers.
    await waitFor(() => expect(queryClient.isFetching()).toBeGreaterThan(0), { timeout: 15000 });
    await wait(600);
    expect(screen.queryByText('settled')).toBeNull();
  });
});
