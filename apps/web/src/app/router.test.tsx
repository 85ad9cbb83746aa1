import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '../features/auth/current-user';
import { AppProviders, createQueryClient, TEST_USER } from './providers';
import { routes } from './router';

function renderApp(url: string, user: TCurrentUser | null = TEST_USER) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()} i18n={i18next} env="test" testUser={user}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }).happyDOM.setViewport({ width });
}

describe('the app shell and routes', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18next.changeLanguage('en'));
  });

  it('has header, main and footer landmarks with the title link home and the legal links', () => {
    renderApp('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} data marketplace`);
    expect(screen.getByRole('link', { name: 'data marketplace' }).getAttribute('href')).toBe('/');
    for (const [name, href] of [
      ['Impressum', '/impressum'],
      ['Data protection', '/dataProtection'],
      ['Terms', '/terms'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('writes the copyright year from the clock, not a year fixed in the texts', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    try {
      renderApp('/');
      expect(screen.getByRole('contentinfo').textContent).toContain('© 2031 data marketplace');
    } finally {
      vi.useRealTimers();
    }
  });

  it('switches to German and remembers the choice', async () => {
    renderApp('/');
    // The page and the wide header's language selector load on first use; a busy machine takes its time.
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await userEvent.setup().selectOptions(await screen.findByLabelText('Language'), 'de');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ihr Zugang zu Millionen von Datensätzen');
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('marks the demo mode next to the title', async () => {
    renderApp('/');
    expect(screen.queryByTestId('demo-marker')).toBeNull();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Search the catalogue' }), 'activate-demo-mode{Enter}');
    expect(screen.getByTestId('demo-marker').textContent).toBe('Demo');
  });

  it('shows the offer details page with a way back, and says when the offer cannot be loaded', async () => {
    renderApp('/offer/details/3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01');
    expect(await screen.findByRole('button', { name: 'Back' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('The offer could not be loaded', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the watchlist and My Acquisitions', async () => {
    renderApp('/watchlist');
    expect(await screen.findByRole('heading', { level: 1, name: 'My watchlist' }, { timeout: 5000 })).toBeTruthy();
    renderApp('/acquisition');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Acquisitions' }, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the Anmelden button and no Assets menu to a signed-out visitor of an open page', async () => {
    renderApp('/impressum', null);
    await act(() => i18next.changeLanguage('de'));
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assets' })).toBeNull();
  });

  it('answers an unknown path with the 404 page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('shows the Assets menu with My watchlist and My Acquisitions, and the profile with Logout', async () => {
    renderApp('/');
    const user = userEvent.setup();
    // The menus load after the first paint (Shell.tsx).
    await user.click(await screen.findByRole('button', { name: 'Assets' }));
    expect(screen.getByRole('menuitem', { name: 'My watchlist' }).getAttribute('href')).toBe('/watchlist');
    expect(screen.getByRole('menuitem', { name: 'My Acquisitions' }).getAttribute('href')).toBe('/acquisition');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'TB: Profile of Test Buyer' }));
    expect(screen.getByTestId('profile-email').textContent).toBe('test.buyer@example.org');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('folds the menus and the language into the burger drawer, which closes on navigation', async () => {
    // Phone width: the burger shows only below the md breakpoint.
    setViewportWidth(375);
    const router = renderApp('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    // The drawer loads on the first open (MobileNav.tsx).
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const name of ['My watchlist', 'My Acquisitions', 'My offerings', 'Create offer', 'My orders', 'My sales']) {
      expect(within(drawer).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(drawer).getByLabelText('Language')).toBeTruthy();
    await user.click(within(drawer).getByRole('link', { name: 'My orders' }));
    expect(router.state.location.pathname).toBe('/orders');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    setViewportWidth(1024);
  });

  it('shows the Connectors link to operators only, in the navbar and in the drawer', async () => {
    const operator = { ...TEST_USER, roles: ['DSM_USER', 'DSM_OPERATOR'] };
    const router = renderApp('/', operator);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Connectors' }));
    expect(router.state.location.pathname).toBe('/connectors');
    cleanup();

    setViewportWidth(375);
    renderApp('/', operator);
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Menu' }))
        .getByRole('link', { name: 'Connectors' })
        .getAttribute('href'),
    ).toBe('/connectors');
    cleanup();

    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Menu' })).queryByRole('link', { name: 'Connectors' }),
    ).toBeNull();
    setViewportWidth(1024);
    expect(screen.queryByTestId('connectors-link')).toBeNull();
  });

  it('tells a user without the operator role who opens the connector pages that they are for operators', async () => {
    renderApp('/connectors');
    expect((await screen.findByTestId('operators-only')).textContent).toContain('needs the role DSM_OPERATOR');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    cleanup();
    renderApp('/connectors/provider');
    expect((await screen.findByTestId('operators-only')).textContent).toContain('needs the role DSM_OPERATOR');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('titles the notice for operators as such on every operator page, not after one of them', async () => {
    for (const path of ['/connectors', '/harvest']) {
      renderApp(path);
      const notice = await screen.findByTestId('operators-only');
      expect(notice.textContent).toContain('For operators only');
      expect(notice.textContent).not.toContain('Connectors');
      cleanup();
    }
  });

  it('shows the legal pages', async () => {
    renderApp('/dataProtection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data protection' })).toBeTruthy();
  });
});

describe('the offer details page', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
  });

  it('goes home from Back when opened directly', async () => {
    const router = renderApp('/offer/details/abc');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Back' }, { timeout: 5000 }));
    expect(router.state.location.pathname).toBe('/');
  });
});
