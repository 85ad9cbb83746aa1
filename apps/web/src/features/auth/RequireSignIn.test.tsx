import { act, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { CurrentUserProvider, type TCurrentUser, type TSessionActions } from './current-user';
import { LoginPage } from './LoginPage';
import { RequireSignIn } from './RequireSignIn';
import { rememberLoginReason } from './session';

function makeActions(overrides: Partial<TSessionActions> = {}): TSessionActions {
  return {
    isBusy: false,
    error: null,
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(),
    signOutLackingRole: vi.fn(),
    ...overrides,
  };
}

const withRole: TCurrentUser = { id: 'u1', email: 'a@example.org', name: 'Ada', roles: ['DSM_USER'] };

function renderGuarded(url: string, user: TCurrentUser | null, actions: TSessionActions, loginPage = <LoginPage />) {
  const router = createMemoryRouter(
    [
      {
        element: <RequireSignIn />,
        children: [{ path: 'results', element: <p>the results page</p> }],
      },
      { path: 'login', element: loginPage },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} i18n={i18next} env="test">
      <CurrentUserProvider user={user} actions={actions} requiredRole="DSM_USER">
        <RouterProvider router={router} />
      </CurrentUserProvider>
    </AppProviders>,
  );
}

describe('RequireSignIn', () => {
  it('sends a signed-out user to sign-in, asking to come back to the route with its query', async () => {
    const actions = makeActions();
    renderGuarded('/results?searchText=air%7Cwater&pageSize=100', null, actions);
    await waitFor(() => expect(actions.signIn).toHaveBeenCalledTimes(1));
    expect(actions.signIn).toHaveBeenCalledWith('/results?searchText=air%7Cwater&pageSize=100');
    expect(screen.queryByText('the results page')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Taking you to sign-in');
  });

  it('waits while the session is busy', async () => {
    const actions = makeActions({ isBusy: true });
    renderGuarded('/results', null, actions);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actions.signIn).not.toHaveBeenCalled();
  });

  it('shows the page to a user with the role', () => {
    renderGuarded('/results', withRole, makeActions());
    expect(screen.getByText('the results page')).toBeTruthy();
  });

  it('signs out a user lacking the role and never shows the page', async () => {
    const actions = makeActions();
    renderGuarded('/results', { ...withRole, roles: ['offline_access'] }, actions);
    await waitFor(() => expect(actions.signOutLackingRole).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('the results page')).toBeNull();
  });

  it('offers a retry when the provider cannot be reached', async () => {
    const actions = makeActions({ signIn: vi.fn(async () => Promise.reject(new Error('offline'))) });
    renderGuarded('/results', null, actions);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('LoginPage', () => {
  it('explains a missing role and offers to sign in again', async () => {
    rememberLoginReason('role');
    const actions = makeActions();
    renderGuarded('/login', null, actions);
    expect(screen.getByRole('alert').textContent).toContain('lacks the role DSM_USER');
    screen.getByRole('button', { name: 'Sign in again' }).click();
    expect(actions.signIn).toHaveBeenCalledWith('/');
  });

  it('keeps the reason when its first render is thrown away while another part of the page still loads', async () => {
    rememberLoginReason('role');
    let loaded: () => void = () => {};
    const Slow = lazy(
      () =>
        new Promise<{ default: () => null }>((resolve) => {
          loaded = () => resolve({ default: () => null });
        }),
    );
    renderGuarded(
      '/login',
      null,
      makeActions(),
      <Suspense fallback={<p>loading</p>}>
        <LoginPage />
        <Slow />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => loaded());
    expect((await screen.findByRole('alert')).textContent).toContain('lacks the role DSM_USER');
  });

  it('confirms a sign-out, once', () => {
    rememberLoginReason('signedOut');
    renderGuarded('/login', null, makeActions());
    expect(screen.getByText('You have signed out.')).toBeTruthy();
  });
});
