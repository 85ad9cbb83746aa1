import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { errorAnswer, json } from '../../test/answers';
import { fakeFetch } from '../../test/fake-fetch';
import { currentLocation, renderWithProviders } from '../../test/render';
import { makeTestItem } from '../../test/test-item';
import { WatchlistPage } from './WatchlistPage';

const ITEMS = [
  makeTestItem({
    '@id': '11111111-0000-4000-8000-000000000001',
    title: 'Air quality in Leipzig',
    categories: ['ENVIRONMENT'],
  }),
  makeTestItem({
    '@id': '11111111-0000-4000-8000-000000000002',
    title: 'Bus timetable Köln',
    categories: ['TRANSPORT'],
    paymentModel: 'SUBSCRIPTION_BASED',
    price: 3,
  }),
];

let likedIds: string[];
let fetchMock: Mock<typeof fetch>;
const calls = (method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix));

beforeEach(() => {
  likedIds = ITEMS.map((item) => item['@id']);
  fetchMock = fakeFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/metadata/like' && method === 'GET') return json(200, likedIds);
    if (url.startsWith('/api/metadata/like?uuid=') && method === 'DELETE') {
      const id = decodeURIComponent(url.split('=')[1]!);
      likedIds = likedIds.filter((known) => known !== id);
      return json(200, { uuid: id, isLiked: false, likes: 0 });
    }
    if (url.startsWith('/api/metadata?batchIds=')) {
      const ids = url.split('=')[1]!.split(',').map(decodeURIComponent);
      return json(
        200,
        ITEMS.filter((item) => ids.includes(item['@id'])),
      );
    }
  });
});

describe('WatchlistPage', () => {
  it('lists the liked offers as cards with a filled heart', async () => {
    renderWithProviders(<WatchlistPage />, { url: '/watchlist' });
    expect(screen.getByRole('heading', { level: 1, name: 'My watchlist' })).toBeTruthy();
    const cards = await screen.findAllByTestId('offer-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Air quality in Leipzig',
      'Bus timetable Köln',
    ]);
    const heart = within(cards[0]!).getByRole('button', { name: 'Unlike Air quality in Leipzig' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the details from a card', async () => {
    const view = renderWithProviders(<WatchlistPage />, { url: '/watchlist' });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Bus timetable Köln' }));
    expect(currentLocation(view).pathname).toBe('/offer/details/11111111-0000-4000-8000-000000000002');
  });

  it('removes the like with the heart, and the card leaves the list', async () => {
    renderWithProviders(<WatchlistPage />, { url: '/watchlist' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unlike Air quality in Leipzig' }));
    await waitFor(() => expect(screen.queryByText('Air quality in Leipzig')).toBeNull());
    expect(screen.getAllByTestId('offer-card')).toHaveLength(1);
    expect(calls('DELETE', '/api/metadata/like?uuid=11111111-0000-4000-8000-000000000001')).toHaveLength(1);
  });

  it('filters by text, category and payment model', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WatchlistPage />, { url: '/watchlist' });
    await screen.findAllByTestId('offer-card');
    await user.type(screen.getByRole('textbox', { name: 'Search in this list' }), 'koln');
    expect(screen.getAllByTestId('offer-card').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Bus timetable Köln',
    ]);
    expect(screen.getByText('1 of 2 shown')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search in this list' }));
    await user.click(screen.getAllByLabelText('Payment model')[0]!);
    await user.click(screen.getByRole('option', { name: 'Free' }));
    expect(screen.getAllByTestId('offer-card')).toHaveLength(1);
    expect(screen.getByText('Air quality in Leipzig')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('combobox', { name: 'Categories' }));
    await user.click(screen.getByRole('option', { name: 'Transport' }));
    expect(screen.getAllByTestId('offer-card').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Bus timetable Köln',
    ]);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getAllByTestId('offer-card')).toHaveLength(2);
  });

  it('says when nothing in the list matches the filter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WatchlistPage />, { url: '/watchlist' });
    await screen.findAllByTestId('offer-card');
    await user.type(screen.getByRole('textbox', { name: 'Search in this list' }), 'nothing like this');
    expect(screen.getByTestId('offer-list-no-match')).toBeTruthy();
  });

  it('shows the empty state and asks for no items when nothing is liked', async () => {
    likedIds = [];
    renderWithProviders(<WatchlistPage />, { url: '/watchlist' });
    expect(await screen.findByText('Your watchlist is empty')).toBeTruthy();
    expect(calls('GET', '/api/metadata?batchIds=')).toHaveLength(0);
  });

  it('explains a failure with Retry', async () => {
    fetchMock.mockImplementation(async () => errorAnswer(503, 'SERVICE_UNAVAILABLE', 'The catalogue is unavailable'));
    renderWithProviders(<WatchlistPage />, { url: '/watchlist' });
    expect(await screen.findByText('The catalogue is unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
