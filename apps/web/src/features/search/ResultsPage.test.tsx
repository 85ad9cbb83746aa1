import type { TSearchResponse } from '@dsm/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { resetPageSettled, settleWhenIdle } from '../../shared/page-settled';
import { json, notFound } from '../../test/answers';
import { fixedMediaQueryList } from '../../test/media-query';
import { currentLocation, renderWithProviders } from '../../test/render';
import { makeTestOffer } from '../../test/test-offer';
import { searchContracts } from './lazy-search-contracts';
import { ResultsPage } from './ResultsPage';
import { parseResultsParams } from './read-url-filter';

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
  copies: [],
  ...match,
  facets: { categories: [], keywords: [], formats: [], licences: [], publishers: [], paymentModels: [] },
  areFacetCountsEstimated: false,
});

let searchAnswers: Response[];
let fetchMock: Mock<typeof fetch>;

function searchCalls() {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/search')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));
}

// The page reads a URL's filter with the search contracts, a chunk of their own: loaded here once, as a
// browser has them by the time a page with a filter draws, instead of within the first test's wait.
beforeAll(() => searchContracts.load());

beforeEach(() => {
  searchAnswers = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/search/cache') return json(200, { keywords: ['air'], categories: ['ENVIRONMENT', 'TRANSPORT'] });
    if (url === '/api/licence') return json(200, []);
    if (url === '/api/search') return searchAnswers.shift() ?? json(200, page(0, 0));
    return notFound();
  }) as Mock<typeof fetch>;
});
afterEach(() => resetPageSettled());

/** A screen above or below Mantine's md breakpoint, as the page's media query sees it. */
function screenWidth(width: 'phone' | 'wide') {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
    fixedMediaQueryList(query, width === 'wide' && query === '(min-width: 62em)'),
  );
}

/** The paging above the results (the one below repeats its buttons). */
const abovePaging = () => within(screen.getByRole('navigation', { name: 'Pages' }));

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
    expect((await screen.findByTestId('results-heading')).textContent).toBe('1,234 datasets found');
    // The cards follow the heading in a background render (ResultList.tsx).
    expect(await screen.findAllByTestId('result-card')).toHaveLength(10);
    // 1,234 results in pages of 100: the indicator above the list and the one below it count 13 pages.
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 3 of 13');
    expect(screen.getByTestId('page-indicator-below').textContent).toBe('Page 3 of 13');
    expect(searchCalls()).toEqual([
      {
        url: '/api/search',
        body: {
          terms: ['"air quality"', 'Leipzig'],
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
    expect((await screen.findByTestId('results-heading')).textContent).toBe('10,000+ datasets found');
    expect((abovePaging().getByRole('button', { name: 'Last' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of more than 1,000');
  });

  it('falls back to defaults with a message for a malformed filter and page size', async () => {
    searchAnswers.push(json(200, page(3, 3)));
    renderWithProviders(<ResultsPage />, { url: '/results?filter=%7Bnot%20json&pageSize=many' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Part of this link could not be used (filter, page size); showing the defaults instead.',
    );
    await screen.findByTestId('results-heading');
    expect(searchCalls()[0]?.body).toEqual({
      terms: [],
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
    expect((await screen.findByTestId('results-heading')).textContent).toBe('1 dataset found');
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
    expect(await screen.findByText('No datasets match your search')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentLocation(view).search).toBe('');
  });

  it('pages forward and restarts at page 0 for a new page size, keeping terms and filter', async () => {
    searchAnswers.push(json(200, page(50, 10)), json(200, page(50, 10)), json(200, page(50, 10)));
    const view = renderWithProviders(<ResultsPage />, { url: '/results?searchText=air' });
    await screen.findByTestId('results-heading');
    const user = userEvent.setup();
    await user.click(abovePaging().getByRole('button', { name: 'Next' }));
    expect(parseResultsParams(currentLocation(view).searchParams)).toMatchObject({ terms: ['air'], index: 1 });
    await screen.findByText('Page 2 of 5', { selector: '[data-testid="page-indicator"]' });
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

  it("draws a phone's first screen of results (count, paging, cards, save and sort) from plain elements", async () => {
    screenWidth('phone');
    searchAnswers.push(json(200, page(50, 10)));
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=air' });
    const heading = await screen.findByTestId('results-heading');
    expect(await screen.findAllByTestId('result-card')).toHaveLength(10);
    await waitFor(() => expect(screen.queryByRole('status', { name: /Loading results/ })).toBeNull());
    // Mantine's components rendered there took most of a slow phone's blocking time (docs/performance.md).
    const column = heading.closest('.results-layout__main') as HTMLElement;
    expect(column.contains(screen.getByTestId('result-list'))).toBe(true);
    expect([...column.querySelectorAll('[class*="mantine-"]')].map((element) => element.className)).toEqual([]);
    expect(screen.getByTestId('filter-toggle').className).not.toMatch(/mantine-/);
  });

  it('shows the filters at once on a wide screen', async () => {
    screenWidth('wide');
    searchAnswers.push(json(200, page(3, 3)));
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=air' });
    expect(await screen.findByTestId('filter-panel')).toBeTruthy();
    expect(screen.queryByTestId('filter-toggle')).toBeNull();
  });

  it('draws the filter panel of a wide screen with the first answer, not above it before (no layout shift)', async () => {
    screenWidth('wide');
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/search') return new Promise<Response>((resolve) => (answer = resolve));
      if (url === '/api/search/cache') return json(200, { keywords: [], categories: ['ENVIRONMENT'] });
      return json(200, []);
    });
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=air' });
    expect(await screen.findByRole('status', { name: /Loading filters/ })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('filter-panel')).toBeNull();
    answer(json(200, page(3, 3)));
    expect(await screen.findByTestId('filter-panel')).toBeTruthy();
  });

  it('draws the paging disabled while the first answer loads', async () => {
    let answer: (response: Response) => void = () => {};
    // The search stays on its way until answered below.
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/search') return new Promise<Response>((resolve) => (answer = resolve));
      if (url === '/api/search/cache') return json(200, { keywords: [], categories: [] });
      return json(200, []);
    });
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=air' });
    const next = within(await screen.findByRole('navigation', { name: 'Pages' })).getByRole('button', {
      name: 'Next',
    }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    answer(json(200, page(50, 10)));
    await screen.findByTestId('results-heading');
    await waitFor(() =>
      expect((abovePaging().getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});

describe('ResultsPage: corrected words, partial matches and the order', () => {
  it('says which words it searched instead and searches the typed words on request, keeping that in the URL', async () => {
    searchAnswers.push(
      json(200, page(12, 10, false, { correctedQuery: 'luftqualität|leipzig', matchedAllTerms: true })),
      json(200, page(2, 2)),
    );
    const view = renderWithProviders(<ResultsPage />, { url: '/results?searchText=luftqualitat|leipzig&page=2' });
    const correction = await screen.findByTestId('search-correction');
    expect(screen.getByTestId('search-corrected-to').textContent).toBe('Showing results for luftqualität leipzig');
    // Only the corrected word is emphasised.
    expect([...correction.querySelectorAll('strong')].map((word) => word.textContent)).toEqual(['luftqualität']);
    const instead = within(correction).getByRole('link', { name: 'Search instead for luftqualitat leipzig' });
    await userEvent.setup().click(instead);
    expect(parseResultsParams(currentLocation(view).searchParams)).toMatchObject({
      terms: ['luftqualitat', 'leipzig'],
      isExact: true,
      index: 0,
      problems: [],
    });
    await waitFor(() => expect(screen.getByTestId('results-heading').textContent).toBe('2 datasets found'));
    await waitFor(() => expect(screen.queryByTestId('search-correction')).toBeNull());
    expect(searchCalls().map((call) => call.body)).toEqual([
      expect.not.objectContaining({ exact: expect.anything() }),
      expect.objectContaining({ index: 0, exact: true }),
    ]);
  });

  it('searches the words as typed for an exact link, and a new search from the bar corrects again', async () => {
    searchAnswers.push(json(200, page(2, 2)), json(200, page(5, 5)));
    const view = renderWithProviders(<ResultsPage />, { url: '/results?searchText=waser&exact=1' });
    await screen.findByTestId('results-heading');
    expect(searchCalls()[0]?.body).toMatchObject({ exact: true });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('search-input'), 'leipzig{Enter}');
    expect(parseResultsParams(currentLocation(view).searchParams)).toMatchObject({
      terms: ['waser', 'leipzig'],
      isExact: false,
    });
    await waitFor(() => expect(searchCalls()).toHaveLength(2));
    expect(searchCalls()[1]?.body).not.toHaveProperty('exact');
  });

  it('says in the heading when no offer matches every word', async () => {
    searchAnswers.push(json(200, page(7, 7, false, { correctedQuery: null, matchedAllTerms: false })));
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=bus|zebra' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(
      '7 datasets foundNo dataset matches all your words; showing those that match the most.',
    );
    expect(screen.queryByTestId('search-correction')).toBeNull();
  });

  it('does not claim a partial match when nothing matched at all', async () => {
    searchAnswers.push(json(200, page(0, 0, false, { correctedQuery: null, matchedAllTerms: false })));
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=qqq|zzz' });
    expect((await screen.findByTestId('results-heading')).textContent).toBe('0 datasets found');
  });

  it('sorts from page 0, keeping terms, filter and the exact flag, and asks the API for that order', async () => {
    screenWidth('wide');
    searchAnswers.push(json(200, page(50, 10)), json(200, page(50, 10)));
    const filter = JSON.stringify({
      selectedCategories: ['LAW'],
      selectedKeywords: [],
      priceRange: { from: null, to: null },
    });
    const view = renderWithProviders(<ResultsPage />, {
      url: `/results?searchText=air&page=3&exact=1&filter=${encodeURIComponent(filter)}`,
    });
    await screen.findByTestId('results-heading');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Newest first' }));
    expect(parseResultsParams(currentLocation(view).searchParams)).toMatchObject({
      terms: ['air'],
      filter: { selectedCategories: ['LAW'] },
      index: 0,
      sort: 'newest',
      isExact: true,
    });
    await waitFor(() => expect(searchCalls()).toHaveLength(2));
    expect(searchCalls()[1]?.body).toMatchObject({ index: 0, sort: 'newest', exact: true });
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLInputElement).value).toBe('Newest first');
  });

  it('sorts with the keyboard alone', async () => {
    screenWidth('wide');
    searchAnswers.push(json(200, page(50, 10)), json(200, page(50, 10)));
    const view = renderWithProviders(<ResultsPage />, { url: '/results?searchText=air&sort=title' });
    await screen.findByTestId('results-heading');
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect((select as HTMLInputElement).value).toBe('Title A–Z');
    act(() => select.focus());
    const user = userEvent.setup();
    // Opens on the chosen order; one down is the next one, Price: low to high.
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(currentLocation(view).searchParams.get('sort')).toBe('price');
  });

  it('writes no sort for relevance, the default', async () => {
    screenWidth('wide');
    searchAnswers.push(json(200, page(50, 10)), json(200, page(50, 10)));
    const view = renderWithProviders(<ResultsPage />, { url: '/results?searchText=air&sort=oldest' });
    await screen.findByTestId('results-heading');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Relevance' }));
    expect(currentLocation(view).search).toBe('?searchText=air');
  });

  it('falls back to relevance with a message for an unknown sort', async () => {
    searchAnswers.push(json(200, page(3, 3)));
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=air&sort=cheapest' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Part of this link could not be used (sort order); showing the defaults instead.',
    );
    await screen.findByTestId('results-heading');
    expect(searchCalls()[0]?.body).not.toHaveProperty('sort');
  });

  it('holds the sort in place on a phone until the page has settled, then offers it', async () => {
    screenWidth('phone');
    searchAnswers.push(json(200, page(3, 3)));
    renderWithProviders(<ResultsPage />, { url: '/results?searchText=air&sort=price' });
    await screen.findByTestId('results-heading');
    const placeholder = screen.getByRole('textbox', { name: 'Sort by' }) as HTMLInputElement;
    expect(placeholder.disabled).toBe(true);
    expect(placeholder.value).toBe('Price: low to high');
    act(() => void settleWhenIdle(new QueryClient(), (run) => run()));
    await waitFor(() => expect(screen.queryByTestId('sort-placeholder')).toBeNull());
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLInputElement;
    expect(select.disabled).toBe(false);
    expect(select.value).toBe('Price: low to high');
  });
});

describe('ResultsPage facets', () => {
  it("sends the URL's facet filters, shows the answer's counts and adds a ticked value to the URL", async () => {
    screenWidth('wide');
    searchAnswers.push(
      json(200, {
        ...page(1500, 10),
        facets: {
          ...page(0, 0).facets,
          categories: [{ value: 'TRANSPORT', count: 1204 }],
          formats: [
            { value: 'CSV', count: 1300 },
            { value: 'JSON', count: 200 },
          ],
          paymentModels: [{ value: 'FREE_OF_CHARGE', count: 1500 }],
        },
      }),
    );
    const filter = JSON.stringify({
      selectedCategories: [],
      selectedKeywords: [],
      priceRange: { from: null, to: null },
      selectedPaymentModels: ['FREE_OF_CHARGE'],
      modifiedRange: { from: '2024-01-01', to: null },
    });
    const view = renderWithProviders(<ResultsPage />, { url: `/results?filter=${encodeURIComponent(filter)}` });
    expect(await screen.findByRole('checkbox', { name: 'Transport (1,204)' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Free (1,500)' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Modified from') as HTMLInputElement).value).toBe('2024-01-01');
    expect(searchCalls()[0]?.body).toEqual({
      terms: [],
      index: 0,
      pageSize: 10,
      filter: {
        categories: [],
        keywords: [],
        minPrice: null,
        maxPrice: null,
        paymentModels: ['FREE_OF_CHARGE'],
        modifiedFrom: '2024-01-01',
      },
    });
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'CSV (1,300)' }));
    await waitFor(() =>
      expect(parseResultsParams(currentLocation(view).searchParams).filter).toMatchObject({
        selectedFormats: ['CSV'],
        selectedPaymentModels: ['FREE_OF_CHARGE'],
        modifiedRange: { from: '2024-01-01', to: null },
      }),
    );
    await waitFor(() => expect(searchCalls().at(-1)?.body).toMatchObject({ filter: { formats: ['CSV'] } }));
  });

  it('counts the facet filters on the phone button', async () => {
    screenWidth('phone');
    searchAnswers.push(json(200, page(3, 3)));
    const filter = JSON.stringify({
      selectedCategories: [],
      selectedKeywords: [],
      priceRange: { from: null, to: null },
      selectedFormats: ['CSV', 'JSON'],
      selectedPublishers: ['City of Leipzig'],
      modifiedRange: { from: null, to: '2024-01-01' },
    });
    renderWithProviders(<ResultsPage />, { url: `/results?filter=${encodeURIComponent(filter)}` });
    await screen.findByTestId('results-heading');
    expect(screen.getByTestId('filter-toggle').textContent).toBe('Show filters4');
  });
});
