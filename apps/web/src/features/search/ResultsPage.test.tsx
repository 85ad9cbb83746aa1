import type { TSearchResponse } from '@dsm/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fixedMediaQueryList } from '../../test/media-query';
import { currentLocation, renderWithProviders } from '../../test/render';
import { ResultsPage } from './ResultsPage';
import { parseResultsParams } from './results-params';
import { makeTestOffer } from './test-offer';

const page = (
  total: number,
  count: number,
  isTotalCapped = false,
  match: Pick<TSearchResponse, 'correctedQuery' | 'matchedAllTerms'> = { correctedQuery: null, matchedAllTerms: true },
): TSearchResponse => ({
  index: 0,
  pageSize: 10,
  total,
  isTotalCapped,
  data: Array.from({ length: count }, (_, i) => makeTestOffer({ '@id': `offer-${i}`, title: `Offer ${i}` })),
  ...match,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let searchAnswers: Response[];
let fetchMock: Mock<typeof fetch>;

function searchCalls() {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).startsWith('/api/search?'))
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));
}

beforeEach(() => {
  searchAnswers = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/search/cache') return json(200, { keywords: ['air'], categories: ['ENVIRONMENT', 'TRANSPORT'] });
    if (url === '/api/licence') return json(200, []);
    if (url.startsWith('/api/search?')) return searchAnswers.shift() ?? json(200, page(0, 0));
    return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'no such route' });
  }) as Mock<typeof fetch>;
});
afterEach(() => vi.restoreAllMocks());

/** A screen above or below Mantine's md breakpoint, as the page's media query sees it. */
function screenWidth(width: 'phone' | 'wide') {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
    fixedMediaQueryList(query, width === 'wide' && query === '(min-width: 62em)'),
  );
}

describe('ResultsPage', () => {
  it('searches what the URL says and shows the count in en-US format', async () => {
    searchAnswers.push(json(200, page(1234, 10)));
    const filter = JSON.stringify({
      selectedCategories: ['LAW'],
      selectedKeywords: ['air'],
      priceRange: { from: 1, to: 9.5 },
    });
    const params = new URLSearchParams({ searchText: '"air quality"|Leipzig', filter, page: '2', pageSize: '100' });
    renderWithProviders(<ResultsPage />, { url: `/results?${params}` });
    expect((await screen.findByTestId('results-heading')).textContent).toBe('1,234 data sets found');
    // The cards follow the heading in a background render (ResultList.tsx).
    expect(await screen.findAllByTestId('result-card')).toHaveLength(10);
    expect(screen.getByText('Page 3', { exact: true })).toBeTruthy();
    expect(searchCalls()).toEqual([
      {
        url: '/api/search?query=%22air%20quality%22%7CLeipzig',
        body: {
          index: 2,
          pageSize: 100,
          filter: { categories: ['LAW'], keywords: ['air'], minPrice: 1, maxPrice: 9.5 },
        },
      },
    ]);
    expect(sessionStorage.getItem('filterCache')).toBe(
      JSON.stringify({ keywords: ['air'], categories: ['ENVIRONMENT', 'TRANSPORT'] }),
    );
  });

  it('says when more than 10,000 match', async () => {
    searchAnswers.push(json(200, page(10000, 10, true)));
    renderWithProviders(<ResultsPage />, { url: '/results' });
    expect((await screen.findByTestId('results-heading')).textContent).toBe('10,000+ data sets found');
    expect((screen.getByRole('button', { name: 'Last' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('falls back to defaults with a message for a malformed filter and page size', async () => {
    searchAnswers.push(json(200, page(3, 3)));
    renderWithProviders(<ResultsPage />, { url: '/results?filter=%7Bnot%20json&pageSize=many' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Part of this link could not be used (filter, page size); showing the defaults instead.',
    );
    await screen.findByTestId('results-heading');
    expect(searchCalls()[0]?.body).toEqual({
      index: 0,
      pageSize: 10,
      filter: { categories: [], keywords: [], minPrice: null, maxPrice: null },
    });
  });

  it("shows the server's message and searches again on Retry", async () => {
    searchAnswers.push(
      json(400, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        error: 'Bad Request',
        message: 'query must have at most 20 terms',
      }),
      json(200, page(1, 1)),
    );
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=a' });
    expect(await screen.findByText('query must have at most 20 terms')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('results-heading')).textContent).toBe('1 data set found');
  });

  it('offers to clear the filters when nothing matches', async () => {
    searchAnswers.push(json(200, page(0, 0)));
    const filter = JSON.stringify({
      selectedCategories: ['LAW'],
      selectedKeywords: [],
      priceRange: { from: null, to: null },
    });
    const view = renderWithProviders(<ResultsPage />, {
      url: `/results?searchText=x&filter=${encodeURIComponent(filter)}`,
    });
    expect(await screen.findByText('No data sets match your search')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentLocation(view).search).toBe('');
  });

  it('pages forward and restarts at page 0 for a new page size, keeping terms and filter', async () => {
    searchAnswers.push(json(200, page(50, 10)), json(200, page(50, 10)), json(200, page(50, 10)));
    const view = renderWithProviders(<ResultsPage />, { url: '/results?searchText=air' });
    await screen.findByTestId('results-heading');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(parseResultsParams(currentLocation(view).searchParams)).toMatchObject({ terms: ['air'], index: 1 });
    await screen.findByText('Page 2', { exact: true });
    await user.selectOptions(screen.getByLabelText('Page size'), '100');
    expect(parseResultsParams(currentLocation(view).searchParams)).toMatchObject({
      terms: ['air'],
      index: 0,
      pageSize: 100,
    });
  });

  it('searches from page 0 when a filter changes', async () => {
    searchAnswers.push(json(200, page(50, 10)));
    const view = renderWithProviders(<ResultsPage />, { url: '/results?searchText=air&page=3' });
    await screen.findByTestId('results-heading');
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Transport' }));
    await waitFor(() =>
      expect(parseResultsParams(currentLocation(view).searchParams)).toMatchObject({
        terms: ['air'],
        index: 0,
        filter: { selectedCategories: ['TRANSPORT'] },
      }),
    );
  });

  it('folds the filters behind a button on a phone, naming how many are on', async () => {
    screenWidth('phone');
    searchAnswers.push(json(200, page(3, 3)));
    const filter = JSON.stringify({
      selectedCategories: ['LAW'],
      selectedKeywords: ['air'],
      priceRange: { from: 1, to: null },
    });
    renderWithProviders(<ResultsPage />, { url: `/results?filter=${encodeURIComponent(filter)}` });
    await screen.findByTestId('results-heading');
    expect(screen.queryByTestId('filter-panel')).toBeNull();
    const toggle = screen.getByTestId('filter-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toBe('Show filters3');
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('filter-panel')).toBeTruthy();
    expect(
      document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.contains(screen.getByTestId('filter-panel')),
    ).toBe(true);
    expect(toggle.textContent).toBe('Hide filters3');
  });

  it('shows the filters at once on a wide screen', async () => {
    screenWidth('wide');
    searchAnswers.push(json(200, page(3, 3)));
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=air' });
    expect(await screen.findByTestId('filter-panel')).toBeTruthy();
    expect(screen.queryByTestId('filter-toggle')).toBeNull();
  });

  it('draws the paging disabled while the first answer loads', async () => {
    let answer: (response: Response) => void = () => {};
    // The search stays on its way until answered below.
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/search?')) return new Promise<Response>((resolve) => (answer = resolve));
      if (url === '/api/search/cache') return json(200, { keywords: [], categories: [] });
      return json(200, []);
    });
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=air' });
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    answer(json(200, page(50, 10)));
    await screen.findByTestId('results-heading');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
