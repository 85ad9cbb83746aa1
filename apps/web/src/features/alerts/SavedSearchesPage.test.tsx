import type { TSavedSearch } from '@dsm/contracts';
import { ZSearchFilter } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { json } from '../../test/answers';
import { fakeFetch, sentBody } from '../../test/fake-fetch';
import { currentLocation, renderWithProviders } from '../../test/render';
import { SavedSearchesPage } from './SavedSearchesPage';
import { SaveSearchButton } from './SaveSearchButton';

const conflict = (message: string) => json(409, { statusCode: 409, code: 'CONFLICT', error: 'Conflict', message });

let saved: TSavedSearch[];
let nextCreate: ((body: Record<string, unknown>) => Response) | null;
let fetchMock: Mock<typeof fetch>;

const search = (id: string, name: string, overrides: Partial<TSavedSearch> = {}): TSavedSearch => ({
  id,
  name,
  query: 'river|gauge',
  filter: ZSearchFilter.parse({ categories: ['ENVIRONMENT'] }),
  sort: 'newest',
  isAlertEnabled: true,
  createdAt: '2031-03-01T08:00:00.000Z',
  lastCheckedAt: null,
  lastNotifiedAt: null,
  ...overrides,
});

beforeEach(() => {
  saved = [search('33333333-0000-4000-8000-000000000001', 'Rivers')];
  nextCreate = null;
  fetchMock = fakeFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url === '/api/saved-searches' && method === 'GET') return json(200, { items: saved, limit: 50 });
    if (url === '/api/saved-searches' && method === 'POST') {
      if (nextCreate) return nextCreate(body);
      const created = search('33333333-0000-4000-8000-000000000009', String(body.name));
      saved = [created, ...saved];
      return json(201, created);
    }
    const one = /^\/api\/saved-searches\/([^/]+)$/.exec(url);
    if (one && method === 'PATCH') {
      if (body.name === 'Taken') return conflict('You have a saved search named "Taken" already');
      saved = saved.map((item) => (item.id === one[1] ? { ...item, ...body } : item));
      return json(
        200,
        saved.find((item) => item.id === one[1]),
      );
    }
    if (one && method === 'DELETE') {
      saved = saved.filter((item) => item.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    if (url === '/api/alerts/preferences') {
      return json(200, { language: 'en', isPriceAlertEnabled: true, isEndpointAlertEnabled: true, ...body });
    }
  });
});

/** Opens the page and clicks the button of that name on the saved search's card. */
async function clickOnCard(button: string) {
  const user = userEvent.setup();
  renderWithProviders(<SavedSearchesPage />, { url: '/saved-searches' });
  const card = await screen.findByTestId('saved-search');
  await user.click(within(card).getByRole('button', { name: button }));
  return { user, card };
}

describe('SaveSearchButton', () => {
  const input = { query: 'river|gauge', filter: { categories: ['ENVIRONMENT'] }, sort: 'newest' as const };

  it('saves the search with the name and the alerts choice', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchButton search={input} suggestedName="river, gauge" />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText(/Name/);
    expect((name as HTMLInputElement).value).toBe('river, gauge');
    await user.clear(name);
    await user.type(name, 'Rhine levels');
    await user.click(within(dialog).getByRole('switch', { name: /^Alert me about new matching offers/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST')).toEqual({
      ...input,
      name: 'Rhine levels',
      isAlertEnabled: false,
      language: 'en',
    });
  });

  it('asks for a name and shows why the server refused', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SaveSearchButton search={input} suggestedName="" />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    nextCreate = () => conflict('You can keep at most 50 saved searches; delete one first');
    await user.type(within(dialog).getByLabelText(/Name/), 'One too many');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You can keep at most 50 saved searches. Delete one first.',
    );
  });
});

describe('SavedSearchesPage', () => {
  it('lists the saved searches and runs one on the results page', async () => {
    const user = userEvent.setup();
    const result = renderWithProviders(<SavedSearchesPage />, { url: '/saved-searches' });
    expect(screen.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeTruthy();
    const card = await screen.findByTestId('saved-search');
    expect(within(card).getByTestId('saved-search-name').textContent).toBe('Rivers');
    expect(within(card).getByText('river, gauge')).toBeTruthy();
    await user.click(within(card).getByRole('link', { name: 'Run "Rivers"' }));
    const location = currentLocation(result);
    expect(location.pathname).toBe('/results');
    expect(location.searchParams.get('searchText')).toBe('river|gauge');
    expect(location.searchParams.get('sort')).toBe('newest');
    expect(JSON.parse(location.searchParams.get('filter') ?? '{}').selectedCategories).toEqual(['ENVIRONMENT']);
  });

  it('renames, refusing a name in use, and turns alerts off', async () => {
    const { user, card } = await clickOnCard('Rename "Rivers"');
    const dialog = await screen.findByRole('dialog', { name: 'Rename the saved search' });
    const name = within(dialog).getByLabelText(/Name/);
    await user.clear(name);
    await user.type(name, 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have a saved search of this name already.',
    );
    await user.clear(name);
    await user.type(name, 'Rhine');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByTestId('saved-search-name').textContent).toBe('Rhine'));

    await user.click(within(card).getByLabelText('Alerts about new offers'));
    await waitFor(() => expect(saved[0]?.isAlertEnabled).toBe(false));
  });

  it('deletes after asking in the app dialog, and shows the empty state', async () => {
    const { user, card } = await clickOnCard('Delete "Rivers"');
    const dialog = await screen.findByRole('dialog', { name: 'Delete the saved search?' });
    expect(within(dialog).getByText('"Rivers" and its alerts will be deleted.')).toBeTruthy();
    await user.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    expect(saved).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Delete "Rivers"' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the saved search?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByTestId('saved-searches-empty')).toBeTruthy();
  });

  it('opens the results of the saved search a digest links to', async () => {
    const result = renderWithProviders(<SavedSearchesPage />, {
      url: '/saved-searches?run=33333333-0000-4000-8000-000000000001',
    });
    await waitFor(() => expect(currentLocation(result).pathname).toBe('/results'));
  });
});
