import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient, TEST_USER } from './providers';
import { guardedRoutes, openRoutes, routes } from './router';

// The cart page's file is gone, as after a deploy that renamed it; the offer page fails as it renders.
vi.mock('../features/cart/CartPage', () => ({
  get CartPage() {
    throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/CartPage-0ld.js');
  },
}));
// The header menus' file is gone too: the shell must stay without them.
vi.mock('./HeaderMenus', () => ({
  get HeaderMenus() {
    throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/HeaderMenus-0ld.js');
  },
}));
vi.mock('../features/offer/OfferDetailsPage', () => ({
  OfferDetailsPage: () => {
    throw new Error('the offer page broke');
  },
}));

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()} i18n={i18next} env="test" testUser={TEST_USER}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('a page that fails', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('has a boundary of its own on every page of the route table', () => {
    for (const route of [...guardedRoutes, ...openRoutes]) {
      expect(route.errorElement, route.path ?? 'index').toBeTruthy();
    }
  });

  it('shows the message inside the shell, whose header and footer stay usable, and reports the error', async () => {
    renderApp('/offer/details/3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be shown.');
    expect(within(screen.getByRole('main')).getByRole('alert')).toBe(alert);
    expect(screen.getByRole('banner').textContent).toContain('data marketplace');
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'the offer page broke' }));

    await userEvent.setup().click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Impressum' }));
    // The legal page loads on first visit: a busy machine takes its time.
    expect(await screen.findByRole('heading', { level: 1, name: 'Impressum' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('This page could not be shown.')).toBeNull();
  });

  it('offers a reload when the page code of an older deploy cannot be loaded', async () => {
    renderApp('/cart');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A new version is available');
    expect(within(alert).getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('keeps the header and the page when a part of the header cannot be loaded', async () => {
    renderApp('/impressum');
    expect(await screen.findByRole('heading', { level: 1, name: 'Impressum' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('data marketplace');
    expect(screen.getByTestId('cart-link')).toBeTruthy();
    expect(screen.queryByTestId('route-error')).toBeNull();
  });
});
