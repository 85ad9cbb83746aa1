import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PHONE_QUERY } from '../../shared/FactCards';
import { json } from '../../test/answers';
import { fakeFetch, sentBody } from '../../test/fake-fetch';
import { fillIn } from '../../test/fill-in';
import { fixedMediaQueryList } from '../../test/media-query';
import { renderWithProviders } from '../../test/render';
import { ConnectorsPage } from './ConnectorsPage';

type TRow = {
  id: string;
  name: string;
  url: string;
  managementUrl: string;
  protocolUrl: string;
  hasApiKey: boolean;
  managementApiVersion: 'v3' | 'v4' | 'auto';
  versionUrl: string | null;
  federatedCatalogUrl: string | null;
  isSandbox: boolean;
};
const row = (id: string, overrides: Partial<TRow> = {}): TRow => ({
  id,
  name: `Connector ${id}`,
  url: `http://127.0.0.1:9/${id}`,
  managementUrl: `http://127.0.0.1:9/${id}/management`,
  protocolUrl: `http://127.0.0.1:9/${id}/protocol`,
  hasApiKey: false,
  managementApiVersion: 'auto',
  versionUrl: null,
  federatedCatalogUrl: null,
  isSandbox: false,
  ...overrides,
});

type TRun = {
  id: string;
  connectorId: string;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  counts: { added: number; updated: number; removed: number; failed: number };
  failures: { datasetId: string; reason: string }[];
  error: string | null;
};
const run = (id: string, overrides: Partial<TRun> = {}): TRun => ({
  id,
  connectorId: 'provider',
  status: 'succeeded',
  startedAt: '2026-11-29T10:00:00.000Z',
  finishedAt: '2026-11-29T10:00:01.000Z',
  counts: { added: 0, updated: 0, removed: 0, failed: 0 },
  failures: [],
  error: null,
  ...overrides,
});

let rows: TRow[];
let runs: Record<string, TRun[]>;
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  rows = [row('provider', { name: 'Provider sandbox', isSandbox: true, hasApiKey: true })];
  runs = {
    provider: [
      run('r1', {
        counts: { added: 3, updated: 0, removed: 0, failed: 1 },
        failures: [{ datasetId: 'long-name', reason: 'its name is longer than 500 characters' }],
      }),
    ],
  };
  fetchMock = fakeFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/connectors/registered') return json(200, rows);
    const crawls = /^\/api\/connectors\/([^/]+)\/crawls$/.exec(url);
    if (crawls && method === 'GET') return json(200, runs[crawls[1]!] ?? []);
    if (crawls && method === 'POST') {
      const failed = run('r2', {
        status: 'failed',
        startedAt: '2026-11-29T11:00:00.000Z',
        error: "The connector 'Partner EDC' did not answer within 10 s",
      });
      runs[crawls[1]!] = [failed, ...(runs[crawls[1]!] ?? [])];
      return json(201, failed);
    }
    if (url === '/api/connectors' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string; url: string; apiKey?: string };
      const id = body.url.split('/').at(-1)!;
      const created = row(id, { name: body.name, url: body.url, hasApiKey: body.apiKey !== undefined });
      rows = [...rows, created];
      return json(201, created);
    }
    if (url.startsWith('/api/connectors/') && method === 'DELETE') {
      rows = rows.filter((entry) => !url.endsWith(`/${entry.id}`));
      return json(204, null);
    }
  });
});

/** Fills in the register form with `values` and registers; answers the body sent, once `listed` links the new connector. */
async function register(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>, listed: string) {
  const form = await screen.findByRole('form', { name: 'Register a connector' });
  await fillIn(user, values);
  await user.click(within(form).getByRole('button', { name: 'Register' }));
  await screen.findByRole('link', { name: listed });
  return sentBody(fetchMock, 'POST');
}

describe('ConnectorsPage', () => {
  it('registers a connector with its API key, links each one to its console and removes one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectorsPage />, { url: '/connectors' });
    const sandbox = await screen.findByRole('link', { name: 'Provider sandbox (provider)' });
    expect(sandbox.getAttribute('href')).toBe('/connectors/provider');
    expect(screen.getByText('Demo sandbox')).toBeTruthy();

    const values = { Name: 'Partner EDC', 'Connector URL': 'https://edc.example.org/partner', 'API key': 'k3y' };
    const sent = await register(user, values, 'Partner EDC (partner)');
    expect(screen.getByRole('link', { name: 'Partner EDC (partner)' }).getAttribute('href')).toBe(
      '/connectors/partner',
    );
    expect(sent).toEqual({
      name: 'Partner EDC',
      url: 'https://edc.example.org/partner',
      apiKey: 'k3y',
    });
    expect(screen.getAllByText('Stored encrypted')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Partner EDC' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Partner EDC (partner)' })).toBeNull());
  });

  it('registers the Management API version and the version API address, and lists the version', async () => {
    const user = userEvent.setup();
    rows = [...rows, row('legacy', { name: 'Legacy EDC', managementApiVersion: 'v3' })];
    renderWithProviders(<ConnectorsPage />, { url: '/connectors' });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Management API version' })).toBeTruthy();
    expect(within(table).getByText('Auto (ask the version API)')).toBeTruthy();
    expect(within(table).getByText('v3')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: /^Management API version/ }), 'v4');
    const values = {
      Name: 'Current EDC',
      'Connector URL': 'https://edc.example.org/current',
      'Version API URL': 'https://edc.example.org/current/.well-known/version',
    };
    expect(await register(user, values, 'Current EDC (current)')).toEqual({
      name: 'Current EDC',
      url: 'https://edc.example.org/current',
      versionUrl: 'https://edc.example.org/current/.well-known/version',
      managementApiVersion: 'v4',
    });
  });

  it("registers the participant's federated catalog address", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectorsPage />, { url: '/connectors' });
    const values = {
      Name: 'Fleet EDC',
      'Connector URL': 'https://edc.example.org/fleet',
      'Federated catalog URL': 'https://edc.example.org/fleet/catalog',
    };
    expect(await register(user, values, 'Fleet EDC (fleet)')).toEqual({
      name: 'Fleet EDC',
      url: 'https://edc.example.org/fleet',
      federatedCatalogUrl: 'https://edc.example.org/fleet/catalog',
    });
  });

  it("lists each connector's last crawls with their counts and crawls one now", async () => {
    const user = userEvent.setup();
    rows = [...rows, row('partner', { name: 'Partner EDC' })];
    renderWithProviders(<ConnectorsPage />, { url: '/connectors' });
    const provider = await screen.findByRole('region', { name: 'Crawls of Provider sandbox' });
    const counts = await within(provider).findByRole('row', { name: /long-name/ });
    expect(
      within(counts)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^29\.11\.2026 \d\d:00$/),
      'Succeeded',
      '3',
      '0',
      '0',
      '1',
      'long-name: its name is longer than 500 characters',
    ]);
    const partner = screen.getByRole('region', { name: 'Crawls of Partner EDC' });
    expect(await within(partner).findByText('Not crawled yet.')).toBeTruthy();

    await user.click(within(partner).getByRole('button', { name: 'Crawl Partner EDC now' }));
    expect(await within(partner).findByText("The connector 'Partner EDC' did not answer within 10 s")).toBeTruthy();
    expect(
      within(partner)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('Failed');
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/connectors/partner/crawls' && init?.method === 'POST'),
    ).toBe(true);
  });

  it('on a phone lists each connector as a card with its addresses and actions, not as a table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => fixedMediaQueryList(query, query === PHONE_QUERY));
    rows = [...rows, row('partner', { name: 'Partner EDC' })];
    renderWithProviders(<ConnectorsPage />, { url: '/connectors' });
    const list = await screen.findByRole('list', { name: 'Connectors' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const partner = cards[1]!;
    expect(within(partner).getByRole('heading', { level: 3, name: 'Partner EDC (partner)' })).toBeTruthy();
    expect(within(partner).getByText('http://127.0.0.1:9/partner/protocol')).toBeTruthy();
    expect(within(partner).getByRole('button', { name: 'Remove Partner EDC' })).toBeTruthy();
    const crawlCards = await screen.findByRole('list', { name: 'Crawls of Provider sandbox' });
    const [crawlCard] = within(crawlCards).getAllByRole('listitem');
    expect(within(crawlCard!).getByText('long-name: its name is longer than 500 characters')).toBeTruthy();
  });
});
