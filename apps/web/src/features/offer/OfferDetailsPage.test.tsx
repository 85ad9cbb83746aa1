import type { TLicence, TMetadataItem } from '@dsm/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { DEMO_MODE_STORAGE_KEY } from '../../shared/DemoModeProvider';
import { CHECK_POLL_MS } from '../../shared/offer/use-offer-details';
import { json, notFound } from '../../test/answers';
import { renderWithProviders } from '../../test/render';
import { makeTestItem } from '../../test/test-item';
import { OfferDetailsPage } from './OfferDetailsPage';

const ID = '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01';
const LICENCES: TLicence[] = [
  {
    licenceId: 'CC-BY-4.0',
    licenceTitle: 'Creative Commons Attribution 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    mappings: [],
  },
];

let itemAnswers: Response[];
let likedIds: string[];
let fetchMock: Mock<typeof fetch>;

const calls = (method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix));

beforeEach(() => {
  itemAnswers = [];
  likedIds = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/licence') return json(200, LICENCES);
    if (url === '/api/metadata/like' && method === 'GET') return json(200, likedIds);
    if (url.startsWith('/api/metadata/like?uuid=')) {
      const id = decodeURIComponent(url.split('=')[1]!);
      const isLiked = method === 'POST';
      likedIds = isLiked ? [id, ...likedIds] : likedIds.filter((known) => known !== id);
      return json(200, { uuid: id, isLiked, likes: isLiked ? 8 : 7 });
    }
    if (url === `/api/metadata/${ID}`) return itemAnswers.length > 1 ? itemAnswers.shift()! : itemAnswers[0]!.clone();
    return notFound('No offer');
  }) as Mock<typeof fetch>;
});
afterEach(() => vi.useRealTimers());

function show(item: TMetadataItem) {
  itemAnswers.push(json(200, item));
  return renderWithProviders(<OfferDetailsPage />, { url: `/offer/details/${ID}`, path: '/offer/details/:id' });
}

describe('OfferDetailsPage', () => {
  it('shows title, description, formats, categories, dates, likes, endpoints and the Details panel', async () => {
    show(
      makeTestItem({
        '@id': ID,
        likes: 7,
        sizes: [1, 2],
        licences: ['CC-BY-4.0', 'unknown licence'],
        links: ['https://data.example.org/a.csv', 'N/A'],
        issued: new Date(2020, 0, 2, 3, 4).toISOString(),
        modified: 'not a date',
        paymentModel: 'PAY_PER_USE_DOWNLOAD',
        price: 12.5,
        isSellable: true,
        checks: [
          { status: 'online', byteSize: 2048, httpStatus: 200, checkedAt: new Date(2025, 4, 6, 7, 8).toISOString() },
          { status: 'missing' },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Air quality in Leipzig' })).toBeTruthy();
    expect(screen.getByTestId('offer-description').textContent).toBe('Hourly measurements.');
    expect(screen.getByTestId('offer-formats').textContent).toBe('CSV');
    expect(screen.getByText('Environment')).toBeTruthy();
    expect(screen.getByTestId('offer-created').textContent).toBe('02.01.2020 03:04');
    expect(screen.getByTestId('offer-updated').textContent).toBe('N/A');
    expect(screen.getByTestId('offer-likes').textContent).toBe('7 likes');

    // The endpoints, panels, preview and related offers come right after the offer itself.
    const rows = await screen.findAllByTestId('endpoint-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('rowheader').textContent).toBe('File 0');
    expect(first.getByTestId('endpoint-status').textContent).toBe('Online 2.00 KB');
    expect(first.getByTestId('endpoint-checked-at').textContent).toBe('Checked 06.05.2025 07:08');
    // The licence catalogue arrives after the offer; until then the licence reads 'n/a'.
    expect(await first.findByText('Creative Commons Attribution 4.0')).toBeTruthy();
    const licenceLink = first.getByRole('link', { name: /Go to license: File 0/ });
    expect(licenceLink.getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(licenceLink.getAttribute('target')).toBe('_blank');
    const second = within(rows[1]!);
    expect(second.getByTestId('endpoint-status').textContent).toBe('Offline');
    expect(second.getByTestId('endpoint-link-missing').textContent).toBe('This Link is broken or missing');
    expect(second.getByText('n/a')).toBeTruthy();
    expect((second.getByRole('button', { name: 'Go to license: File 1' }) as HTMLButtonElement).disabled).toBe(true);

    const panel = within(screen.getByTestId('details-panel'));
    expect(panel.getByTestId('details-provider').textContent).toBe('City of Leipzig');
    expect(panel.getByTestId('details-author').textContent).toBe('Ada Author');
    expect(panel.getByTestId('details-maintainer').textContent).toBe('Max Maintainer');
    expect(panel.getByTestId('details-price').textContent).toBe('12.50 € / download');
    expect(panel.getByTestId('details-billing').textContent).toContain('per successful download');
    expect(panel.getByTestId('payment-model').textContent).toBe('Per download');
  });

  it("shows 'Pending...' and asks again until the server has checked the endpoint", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    itemAnswers.push(json(200, makeTestItem({ '@id': ID })));
    show(
      makeTestItem({ '@id': ID, checks: [{ status: 'online', byteSize: null, checkedAt: new Date().toISOString() }] }),
    );
    // The first answer is pending; the page asks again after the poll interval.
    expect((await screen.findByTestId('endpoint-status')).textContent).toBe('Pending...');
    await act(() => vi.advanceTimersByTimeAsync(CHECK_POLL_MS + 50));
    await waitFor(() => expect(screen.getByTestId('endpoint-status').textContent).toBe('Online'));
    const asked = calls('GET', `/api/metadata/${ID}`).length;
    await act(() => vi.advanceTimersByTimeAsync(CHECK_POLL_MS * 3));
    expect(calls('GET', `/api/metadata/${ID}`).length).toBe(asked);
  });

  it('likes and unlikes with the heart, sending each call once', async () => {
    const user = userEvent.setup();
    show(makeTestItem({ '@id': ID, likes: 7 }));
    const heart = await screen.findByRole('button', { name: 'Like Air quality in Leipzig' });
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Unlike Air quality in Leipzig' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('offer-likes').textContent).toBe('8 likes'));
    await user.click(pressed);
    await screen.findByRole('button', { name: 'Like Air quality in Leipzig' });
    expect(calls('POST', '/api/metadata/like')).toHaveLength(1);
    expect(calls('DELETE', '/api/metadata/like')).toHaveLength(1);
  });

  it('opens the access link in a modal from Show link, by keyboard too', async () => {
    const user = userEvent.setup();
    show(makeTestItem({ '@id': ID, links: ['https://data.example.org/a.csv'] }));
    const button = await screen.findByRole('button', { name: 'Show link: File 0' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Access link' });
    expect(within(dialog).getByTestId('access-link').getAttribute('href')).toBe('https://data.example.org/a.csv');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("explains in Show link's place that buying gives access when a paid offer's link is withheld", async () => {
    const user = userEvent.setup();
    show(makeTestItem({ '@id': ID, paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 19.99, isAccessRestricted: true }));
    const row = (await screen.findAllByTestId('endpoint-row'))[0]!;
    expect(within(row).getByTestId('endpoint-link-restricted').textContent).toBe('Available after purchase');
    expect(within(row).queryByTestId('endpoint-link-missing')).toBeNull();
    const button = within(row).getByRole('button', { name: 'Show link: File 0' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Access link' });
    expect(within(dialog).getByTestId('access-link-restricted').textContent).toBe(
      'This link is shown to the supplier and to buyers of this offer. Buying the offer gives access to its endpoints.',
    );
    expect(within(dialog).queryByTestId('access-link')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(dialog.textContent).not.toContain('https://');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers Copy link for a link the viewer may see', async () => {
    const user = userEvent.setup();
    show(
      makeTestItem({
        '@id': ID,
        paymentModel: 'PAY_PER_USE_DOWNLOAD',
        price: 19.99,
        links: ['https://data.example.org/a.csv'],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Show link: File 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Access link' });
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(within(dialog).queryByTestId('access-link-restricted')).toBeNull();
  });

  it('shows a not-found page for an unknown offer and for an id that is no UUID', async () => {
    itemAnswers.push(notFound('No offer'));
    renderWithProviders(<OfferDetailsPage />, { url: `/offer/details/${ID}`, path: '/offer/details/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found page without asking for an id that is no UUID', () => {
    renderWithProviders(<OfferDetailsPage />, { url: '/offer/details/abc', path: '/offer/details/:id' });
    expect(screen.getByRole('heading', { level: 1, name: 'Offer not found' })).toBeTruthy();
    expect(calls('GET', '/api/metadata/abc')).toHaveLength(0);
  });

  it('explains a failure and retries', async () => {
    itemAnswers.push(
      json(500, { statusCode: 500, code: 'INTERNAL', error: 'Internal Server Error', message: 'Something went wrong' }),
    );
    renderWithProviders(<OfferDetailsPage />, { url: `/offer/details/${ID}`, path: '/offer/details/:id' });
    expect(await screen.findByText('Something went wrong', {}, { timeout: 4000 })).toBeTruthy();
    itemAnswers.length = 0;
    itemAnswers.push(json(200, makeTestItem({ '@id': ID })));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Air quality in Leipzig' })).toBeTruthy();
  });

  it('shows every priced offer as sellable in demo mode, but keeps one its supplier does not sell out of the cart, saying why', async () => {
    localStorage.setItem(DEMO_MODE_STORAGE_KEY, 'true');
    show(makeTestItem({ '@id': ID, isSellable: false, paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 12.5 }));
    expect((await screen.findByTestId('payment-model')).textContent).toBe('Per download');
    // The checkout would refuse it as no longer for sale although nothing changed.
    expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('not-for-sale').textContent).toBe(
      'Shown as for sale in demo mode only: its supplier does not sell it, so it cannot be ordered.',
    );
  });

  it('lets a priced offer its supplier sells into the cart in demo mode', async () => {
    localStorage.setItem(DEMO_MODE_STORAGE_KEY, 'true');
    show(makeTestItem({ '@id': ID, isSellable: true, paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 12.5 }));
    expect((await screen.findByTestId('payment-model')).textContent).toBe('Per download');
    expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps a free offer out of the cart in demo mode too, saying there is nothing to order', async () => {
    localStorage.setItem(DEMO_MODE_STORAGE_KEY, 'true');
    show(makeTestItem({ '@id': ID, isSellable: false, paymentModel: 'FREE_OF_CHARGE', price: 0 }));
    expect((await screen.findByTestId('details-price')).textContent).toBe('Free');
    // The price reads Free: no badge says it again.
    expect(screen.queryByTestId('payment-model')).toBeNull();
    expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('not-for-sale').textContent).toContain('Free of charge: there is nothing to order.');
  });

  it('shows no payment model badge and disables add-to-cart for an offer that is not sellable', async () => {
    show(makeTestItem({ '@id': ID, isSellable: false }));
    await screen.findByTestId('details-panel');
    expect(screen.queryByTestId('payment-model')).toBeNull();
    expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(true);
  });
});
