import type { TMetadataItem, TPreview } from '@dsm/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { resetPageSettled, settleWhenIdle } from '../../shared/page-settled';
import { errorAnswer, json, notFound } from '../../test/answers';
import { renderWithProviders } from '../../test/render';
import { makeTestItem } from '../../test/test-item';
import { DataPreview } from './DataPreview';

// The map's chunk fails to load here, as an old tab's would after a deploy (and happy-dom draws no map):
// the features must still be readable in the table.
vi.mock('./PreviewMap', () => {
  throw new Error('chunk gone');
});

const ID = '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01';

const TABLE: TPreview = {
  kind: 'table',
  distributionId: `${ID}/distribution/0`,
  format: 'CSV',
  columns: [
    { name: 'station', type: 'text' },
    { name: 'level', type: 'number' },
  ],
  rows: [
    ['Dresden', '2.5'],
    ['Meißen', '3.25'],
  ],
  features: [],
  truncated: false,
  totalRowsRead: 2,
  fetchedAt: '2026-11-27T08:00:00.000Z',
};

const GEOJSON: TPreview = {
  ...TABLE,
  kind: 'geojson',
  format: 'GeoJSON',
  columns: [{ name: 'name', type: 'text' }],
  rows: [['Linde']],
  features: [
    { type: 'Feature', geometry: { type: 'Point', coordinates: [13.7, 51.05] }, properties: { name: 'Linde' } },
  ],
  truncated: true,
  totalRowsRead: 101,
};

let answers: Map<string, Response>;
let fetchMock: Mock<typeof fetch>;
const previewCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/preview'));

beforeEach(() => {
  answers = new Map();
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    return answers.get(url)?.clone() ?? notFound('x');
  }) as Mock<typeof fetch>;
});
/** The first page has shown its data, as the shell reports it. */
const settlePage = () => settleWhenIdle(new QueryClient(), (run) => run());

/** An item whose distributions have these formats, sample flags and restriction. */
function item(
  formats: string[],
  options: { isAccessRestricted?: boolean; samples?: boolean[]; titles?: string[] } = {},
): TMetadataItem {
  const base = makeTestItem({
    '@id': ID,
    sizes: formats.map(() => 1),
    ...(options.isAccessRestricted ? { isAccessRestricted: true } : {}),
  });
  const dataset = base.datasets[0]!;
  dataset['dcat:distribution'] = dataset['dcat:distribution'].map((distribution, index) => ({
    ...distribution,
    'dcterms:title': options.titles?.[index] ?? distribution['dcterms:title'],
    'dcterms:format': formats[index]!,
    'dcat:mediaType': null,
    isPublicSample: options.samples?.[index] ?? false,
  }));
  return base;
}

const previewUrl = (endpoint: number) => `/api/metadata/${ID}/preview?endpoint=${endpoint}`;

/** The texts of a select's options, in their order. */
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('DataPreview', () => {
  beforeEach(() => {
    settlePage();
  });

  it('asks for the preview only once the page has shown the offer', async () => {
    resetPageSettled();
    answers.set(previewUrl(0), json(200, TABLE));
    renderWithProviders(<DataPreview item={item(['CSV'])} />);
    // Named for screen readers as a status (an aria-label on a plain div is not allowed).
    expect(screen.getByRole('status', { name: 'Loading the preview' }).dataset.testid).toBe('preview-loading');
    expect(previewCalls()).toEqual([]);
    act(() => {
      settlePage();
    });
    expect(await screen.findByText('Dresden')).toBeTruthy();
    expect(previewCalls()).toHaveLength(1);
  });

  it('shows the rows under a header naming each column and its type, in a keyboard-scrollable region', async () => {
    answers.set(previewUrl(0), json(200, TABLE));
    renderWithProviders(<DataPreview item={item(['CSV'])} />);
    expect(screen.getByTestId('preview-loading')).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Preview table, scrolls sideways' });
    expect(region.getAttribute('tabindex')).toBe('0');
    const headers = within(region).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['stationtext', 'levelnumber']);
    const cells = within(region)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Dresden', '2.5', 'Meißen', '3.25']);
    expect(screen.getByTestId('preview-summary').textContent).toContain('2 rows');
  });

  it('lists only previewable endpoints, and switches between them', async () => {
    answers.set(previewUrl(0), json(200, TABLE));
    answers.set(previewUrl(2), json(200, { ...TABLE, rows: [['Pirna', '1']] }));
    renderWithProviders(
      <DataPreview item={item(['CSV', 'PDF', 'XLSX'], { titles: ['Levels', 'Report', 'Workbook'] })} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Endpoint' });
    expect(optionTexts(picker)).toEqual(['Levels (CSV)', 'Workbook (XLSX)']);
    await screen.findByText('Dresden');
    await userEvent.selectOptions(picker, '2');
    expect(await screen.findByText('Pirna')).toBeTruthy();
  });

  it("says a paid offer's data is previewed after purchase, without asking the server, and offers the sample", async () => {
    answers.set(previewUrl(1), json(200, TABLE));
    renderWithProviders(
      <DataPreview
        item={item(['CSV', 'CSV'], { isAccessRestricted: true, samples: [false, true], titles: ['All', 'Sample'] })}
      />,
    );
    const picker = screen.getByRole('combobox', { name: 'Endpoint' });
    expect(optionTexts(picker)).toEqual(['All (CSV, after purchase)', 'Sample (CSV, sample)']);
    // The sample is shown first, since it may be previewed.
    expect(await screen.findByText('Dresden')).toBeTruthy();
    await userEvent.selectOptions(picker, '0');
    expect(screen.getByTestId('preview-locked').textContent).toContain(
      'A preview appears after purchase, or when the supplier publishes a sample.',
    );
    expect(previewCalls().map(([url]) => String(url))).toEqual([previewUrl(1)]);
  });

  it('keeps GeoJSON features readable in the table when the map cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers.set(previewUrl(0), json(200, GEOJSON));
    renderWithProviders(<DataPreview item={item(['GeoJSON'])} />);
    expect((await screen.findByTestId('preview-map-unavailable')).textContent).toContain(
      'The map could not be loaded; the features are listed in the table.',
    );
    expect(screen.getByRole('cell', { name: 'Linde' })).toBeTruthy();
    expect(screen.getByTestId('preview-summary').textContent).toContain('First 1 rows shown, the file holds more');
  });

  it('names why a preview failed and tries again on request', async () => {
    answers.set(previewUrl(0), errorAnswer(502, 'BAD_GATEWAY', 'The file is not valid JSON'));
    renderWithProviders(<DataPreview item={item(['JSON'])} />);
    const error = await screen.findByTestId('preview-error');
    expect(error.textContent).toContain('The source could not be reached, or it did not hold what its format says.');
    answers.set(previewUrl(0), json(200, { ...TABLE, rows: [] }));
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('preview-empty')).textContent).toContain('The file holds no rows.');
    await waitFor(() => expect(previewCalls()).toHaveLength(2));
  });

  it('says so when no endpoint is in a format the preview reads', () => {
    renderWithProviders(<DataPreview item={item(['PDF'])} />);
    expect(screen.getByTestId('preview-none').textContent).toContain('None of the endpoints');
    expect(previewCalls()).toEqual([]);
  });
});
