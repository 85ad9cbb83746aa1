import type { TNotification } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { errorAnswer, json } from '../../test/answers';
import { fakeFetch } from '../../test/fake-fetch';
import { currentLocation, renderWithProviders } from '../../test/render';
import { NotificationBell } from './NotificationBell';

const OFFER_ID = '11111111-0000-4000-8000-000000000001';

let items: TNotification[];
let isListFailing: boolean;
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  isListFailing = false;
  items = [
    {
      id: '22222222-0000-4000-8000-000000000001',
      kind: 'new_offers',
      params: { savedSearchName: 'Rivers', count: 1, offers: [{ id: OFFER_ID, title: 'Gauges of the Rhine' }] },
      link: `/offer/details/${OFFER_ID}`,
      createdAt: '2031-03-01T08:00:00.000Z',
      readAt: null,
    },
    {
      id: '22222222-0000-4000-8000-000000000002',
      kind: 'price_change',
      params: { offer: { id: OFFER_ID, title: 'Gauges of the Rhine' }, oldPrice: 12, newPrice: 9.5, currency: 'EUR' },
      link: `/offer/details/${OFFER_ID}`,
      createdAt: '2031-02-28T08:00:00.000Z',
      readAt: '2031-02-28T09:00:00.000Z',
    },
  ];
  fetchMock = fakeFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    const unread = items.filter((item) => !item.readAt).length;
    if (url.startsWith('/api/notifications/unread-count')) return json(200, { unread });
    if (url.startsWith('/api/notifications?') && method === 'GET') {
      if (isListFailing) return errorAnswer(503, 'SERVICE_UNAVAILABLE', 'down');
      return json(200, { items, total: items.length, unread });
    }
    if (url === '/api/notifications/read-all' && method === 'POST') {
      items = items.map((item) => ({ ...item, readAt: item.readAt ?? '2031-03-02T00:00:00.000Z' }));
      return json(200, { marked: unread });
    }
    const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(url);
    if (read && method === 'POST') {
      items = items.map((item) => (item.id === read[1] ? { ...item, readAt: '2031-03-02T00:00:00.000Z' } : item));
      return json(
        200,
        items.find((item) => item.id === read[1]),
      );
    }
  });
});

describe('NotificationBell', () => {
  it('names the unread count, opens from the keyboard and leads to the offer, marking it read', async () => {
    const user = userEvent.setup();
    const result = renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-count-status').textContent).toBe('1 unread notification');
    expect(screen.getByTestId('notification-count-status').getAttribute('aria-live')).toBe('polite');

    bell.focus();
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = await within(list).findAllByTestId('notification-item');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('New offer for "Rivers": Gauges of the Rhine'),
      expect.stringContaining('The price of "Gauges of the Rhine" changed from 12.00 € to 9.50 €'),
    ]);
    expect(links[0]?.getAttribute('data-unread')).toBe('true');

    await user.click(links[0]!);
    expect(currentLocation(result).pathname).toBe(`/offer/details/${OFFER_ID}`);
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/${items[0]!.id}/read`))).toBe(true);
  });

  it('marks all read', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    await waitFor(() => expect(screen.getByTestId('notification-count-status').textContent).toBe(''));
  });

  it('says so when there are none, and when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    items = [];
    const { unmount } = renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect((await screen.findByTestId('notification-empty')).textContent).toBe('No notifications yet.');
    unmount();

    isListFailing = true;
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The notifications could not be loaded.');
  });

  it('tells the server the app language for the mails', async () => {
    renderWithProviders(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/notifications/unread-count?language=en')).toBe(
      true,
    );
  });
});
