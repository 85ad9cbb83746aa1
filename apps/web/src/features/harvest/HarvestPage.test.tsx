import type { THarvestSource } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { json } from '../../test/answers';
import { sentBody } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render';
import { HarvestPage } from './HarvestPage';

const problem = (status: number, code: string, message: string) =>
  json(status, { statusCode: status, code, error: 'Error', message });

const COUNTS = { created: 0, updated: 0, unchanged: 0, removed: 0, failed: 0, duplicates: 0, identifierCollisions: 0 };

const source = (id: string, overrides: Partial<THarvestSource> = {}): THarvestSource => ({
  id,
  name: `Source ${id}`,
  location: `https://portal.example.org/${id}/data.json`,
  format: 'dcat-us',
  schedule: null,
  lastRunAt: null,
  lastStatus: null,
  lastCounts: null,
  lastError: null,
  ...overrides,
});

const CDC_ID = '2f1c6f43-56a5-4a43-8f0e-1d8b2f3c4d5e';

let sources: THarvestSource[];
/** What the next list request answers instead of the sources, once. */
let listFailure: Response | null;
/** Holds a run's answer until the test releases it. */
let releaseRun: (() => void) | null;
let runAnswer: () => Response;
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  sources = [];
  listFailure = null;
  releaseRun = null;
  runAnswer = () => json(200, { runId: 'r1', status: 'succeeded', counts: COUNTS, error: null });
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/harvest/sources' && method === 'GET') {
      const failure = listFailure;
      listFailure = null;
      return failure ?? json(200, sources);
    }
    if (url === '/api/harvest/sources' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as Pick<THarvestSource, 'name' | 'location' | 'format' | 'schedule'>;
      if (sources.some((entry) => entry.name === body.name)) {
        return problem(409, 'CONFLICT', `A harvest source named ${body.name} exists already`);
      }
      if (body.location.startsWith('ftp:')) return problem(400, 'VALIDATION_FAILED', 'location: is not supported');
      const created = source(`s${sources.length + 1}`, { ...body, schedule: body.schedule ?? null });
      sources = [...sources, created];
      return json(201, created);
    }
    const run = /^\/api\/harvest\/sources\/([^/]+)\/run$/.exec(url);
    if (run && method === 'POST') {
      await new Promise<void>((resolve) => {
        releaseRun = resolve;
      });
      return runAnswer();
    }
    if (url.startsWith('/api/harvest/sources/') && method === 'DELETE') {
      sources = sources.filter((entry) => !url.endsWith(`/${entry.id}`));
      return json(204, null);
    }
    return problem(404, 'NOT_FOUND', 'no route');
  }) as Mock<typeof fetch>;
});

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('harvest-source')).find((row) => within(row).queryByText(name) !== null)!;

describe('HarvestPage', () => {
  it('shows a skeleton while loading, then a hint when there are no sources', async () => {
    renderWithProviders(<HarvestPage />, { url: '/harvest' });
    expect(screen.getByRole('heading', { level: 1, name: 'Harvest sources' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the harvest sources' })).toBeTruthy();
    expect(await screen.findByText('No harvest sources yet')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the harvest sources' })).toBeNull();
  });

  it('says why the list failed and loads it again on Retry', async () => {
    const user = userEvent.setup();
    sources = [source('a')];
    listFailure = problem(500, 'INTERNAL', 'The database is unavailable');
    renderWithProviders(<HarvestPage />, { url: '/harvest' });
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('The database is unavailable');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Source a')).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
  });

  it('lists each source with its format, schedule, last run, status, counts and last error', async () => {
    sources = [
      source('a', {
        name: 'CDC',
        schedule: '0 3 * * *',
        lastRunAt: '2026-03-01T10:30:00Z',
        lastStatus: 'succeeded',
        lastCounts: { ...COUNTS, created: 1359, failed: 2, identifierCollisions: 14 },
      }),
      source('b', {
        name: 'Broken portal',
        format: 'ckan-api',
        lastRunAt: '2026-03-02T08:00:00Z',
        lastStatus: 'failed',
        lastCounts: COUNTS,
        lastError: 'HTTP 503 from https://portal.example.org',
      }),
      source('c', { name: 'Fresh', format: 'dcat-turtle' }),
    ];
    renderWithProviders(<HarvestPage />, { url: '/harvest' });

    const cdc = within(await rowOf('CDC'));
    expect(cdc.getByText('DCAT-US data.json')).toBeTruthy();
    expect(cdc.getByText('0 3 * * *')).toBeTruthy();
    // dd.MM.yyyy HH:mm, as every date in the app.
    expect(cdc.getByText(/^01\.03\.2026 \d\d:30$/)).toBeTruthy();
    expect(cdc.getByTestId('source-status').textContent).toBe('Succeeded');
    expect(cdc.getByText('1359 created')).toBeTruthy();
    expect(cdc.getByText('2 failed')).toBeTruthy();
    expect(cdc.getByText('14 identifier collisions')).toBeTruthy();
    expect(cdc.queryByTestId('source-error')).toBeNull();

    const broken = within(await rowOf('Broken portal'));
    expect(broken.getByText('CKAN portal (API)')).toBeTruthy();
    expect(broken.getByText('On demand')).toBeTruthy();
    expect(broken.getByTestId('source-status').textContent).toBe('Failed');
    expect(broken.getByTestId('source-error').textContent).toBe('HTTP 503 from https://portal.example.org');

    const fresh = within(await rowOf('Fresh'));
    expect(fresh.getByText('DCAT-AP (Turtle)')).toBeTruthy();
    expect(fresh.getByText('Never')).toBeTruthy();
    expect(fresh.getByText('Not run yet')).toBeTruthy();
  });

  it('runs a source: the button waits while it runs, then the counts are announced and the table reloads', async () => {
    const user = userEvent.setup();
    sources = [source(CDC_ID, { name: 'CDC' })];
    runAnswer = () => {
      const counts = { ...COUNTS, created: 12, unchanged: 3 };
      sources = [{ ...sources[0]!, lastRunAt: '2026-03-01T10:30:00Z', lastStatus: 'succeeded', lastCounts: counts }];
      return json(200, { runId: 'r1', status: 'succeeded', counts, error: null });
    };
    renderWithProviders(<HarvestPage />, { url: '/harvest' });
    await user.click(await screen.findByRole('button', { name: 'Run now: CDC' }));

    const running = await screen.findByRole('button', { name: 'Running…: CDC' });
    expect(running.hasAttribute('disabled')).toBe(true);
    expect(running.textContent).toContain('Running…');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/harvest/sources/${CDC_ID}/run`)).toBe(true);
    releaseRun?.();

    const alert = await screen.findByTestId('global-alert');
    expect(alert.textContent).toBe('CDC harvested: 12 created, 0 updated, 3 unchanged, 0 removed, 0 failed.');
    const row = within(await rowOf('CDC'));
    expect(await row.findByText('12 created')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Run now: CDC' }).hasAttribute('disabled')).toBe(false);
  });

  it("announces a failed run with the run's error", async () => {
    const user = userEvent.setup();
    sources = [source('a', { name: 'CDC' })];
    runAnswer = () => json(200, { runId: 'r1', status: 'failed', counts: COUNTS, error: 'ENOENT: no such file' });
    renderWithProviders(<HarvestPage />, { url: '/harvest' });
    await user.click(await screen.findByRole('button', { name: 'Run now: CDC' }));
    await waitFor(() => expect(releaseRun).not.toBeNull());
    releaseRun?.();
    const alert = await screen.findByTestId('global-alert');
    expect(alert.getAttribute('data-type')).toBe('error');
    expect(alert.textContent).toBe('Harvesting CDC failed: ENOENT: no such file');
  });

  it('removes a source only after the confirmation naming it', async () => {
    const user = userEvent.setup();
    sources = [source('a', { name: 'CDC' }), source('b', { name: 'Depositar' })];
    renderWithProviders(<HarvestPage />, { url: '/harvest' });
    await user.click(await screen.findByRole('button', { name: 'Remove: CDC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove CDC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove: CDC' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove CDC?' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.queryByText('CDC')).toBeNull());
    expect(screen.getByText('Depositar')).toBeTruthy();
    expect((await screen.findByTestId('global-alert')).textContent).toBe('CDC removed.');
  });
});

describe('the add-source form', () => {
  const openForm = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Add source' }));
    return within(await screen.findByRole('form', { name: 'Add source' }));
  };

  it('shows the messages at the fields and sends nothing while the form does not fit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HarvestPage />, { url: '/harvest' });
    const form = await openForm(user);
    await user.type(form.getByRole('textbox', { name: /^Schedule/ }), 'every night');
    await user.click(form.getByRole('button', { name: 'Add' }));

    const name = form.getByRole('textbox', { name: /^Name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(form.getAllByText('Required')).toHaveLength(2);
    expect(form.getByText('Select the source’s format')).toBeTruthy();
    expect(form.getByText('Enter five cron fields, e.g. 0 3 * * *')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('adds a source typed from the keyboard, sent with Enter; it appears in the table', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HarvestPage />, { url: '/harvest' });
    const form = await openForm(user);
    await waitFor(() => expect(document.activeElement).toBe(form.getByRole('textbox', { name: /^Name/ })));
    await user.keyboard('CDC');
    await user.tab();
    await user.keyboard('/srv/catalog/cdc.gov.data.json.gz');
    await user.tab();
    await user.selectOptions(form.getByRole('combobox', { name: /^Format/ }), 'DCAT-US data.json');
    await user.type(form.getByRole('textbox', { name: /^Schedule/ }), '0 3 * * *{Enter}');

    const row = within(await rowOf('CDC'));
    expect(row.getByText('/srv/catalog/cdc.gov.data.json.gz')).toBeTruthy();
    expect(row.getByText('0 3 * * *')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST')).toEqual({
      name: 'CDC',
      location: '/srv/catalog/cdc.gov.data.json.gz',
      format: 'dcat-us',
      schedule: '0 3 * * *',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add source' })).toBeNull());
  });

  it("shows the server's refusal in the form, a taken name at the name field", async () => {
    const user = userEvent.setup();
    sources = [source('a', { name: 'CDC' })];
    renderWithProviders(<HarvestPage />, { url: '/harvest' });
    const form = await openForm(user);
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'CDC');
    await user.type(form.getByRole('textbox', { name: /^Location/ }), 'ftp://example.org/data.json');
    await user.selectOptions(form.getByRole('combobox', { name: /^Format/ }), 'dcat-us');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect((await form.findByTestId('add-source-error')).textContent).toBe('A harvest source named CDC exists already');
    expect(form.getByText('A source of this name exists already')).toBeTruthy();

    await user.clear(form.getByRole('textbox', { name: /^Name/ }));
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Other');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(form.getByTestId('add-source-error').textContent).toBe('location: is not supported'));
    expect(form.queryByText('A source of this name exists already')).toBeNull();
  });
});
