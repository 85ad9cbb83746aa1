import { encodePublisherId, type TPublisher, type TSearchResponse } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { errorAnswer, json, notFound } from '../../test/answers';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render';
import { makeTestOffer } from '../../test/test-offer';
import { PublisherPage } from './PublisherPage';

const IRI = 'https://data.example.org/org/hafen?x=1#amt';
const ID = encodePublisherId(IRI);
const PUBLISHER: TPublisher = {
  '@id': IRI,
  id: ID,
  type: 'foaf:Organization',
  name: 'Hafenbehörde Hamburg',
  searchName: 'Hafenbehörde',
  country: 'DE',
  city: 'Hamburg',
  offerCount: 12,
  isOfferCountCapped: false,
};

function searchAnswer(index: number, count: number): TSearchResponse {
  return {
    index,
    pageSize: 10,
    total: 12,
    isTotalCapped: false,
    data: Array.from({ length: count }, (_, n) =>
      makeTestOffer({ '@id': `00000000-0000-4000-8000-0000000000${index}${n}`, title: `Gauge ${index * 10 + n}` }),
    ),
    copies: [],
    correctedQuery: null,
    matchedAllTerms: true,
    facets: { categories: [], keywords: [], formats: [], licences: [], publishers: [], paymentModels: [] },
    areFacetCountsEstimated: false,
  };
}

let fetchMock: Mock<typeof fetch>;
let publisherAnswer: () => Response;

beforeEach(() => {
  publisherAnswer = () => json(200, PUBLISHER);
  fetchMock = fakeFetch(async (url, init) => {
    if (url === `/api/publishers/${ID}`) return publisherAnswer();
    if (url === '/api/licence') return json(200, []);
    if (url === '/api/search') {
      const body = JSON.parse(String(init?.body));
      return json(200, searchAnswer(body.index, body.index === 0 ? 10 : 2));
    }
  });
});

const searchBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/search')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('PublisherPage', () => {
  it("shows the publisher's name, place and offer count, and its offers through the publisher filter", async () => {
    renderWithProviders(<PublisherPage />, { url: `/publisher/${ID}`, path: '/publisher/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hafenbehörde Hamburg' })).toBeTruthy();
    expect(screen.getByTestId('publisher-location').textContent).toBe('Hamburg, Germany');
    expect(screen.getByTestId('publisher-offer-count').textContent).toBe('12 offers');
    expect(await screen.findByRole('heading', { level: 2, name: 'Gauge 0' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByTestId('result-card')).toHaveLength(10);
    expect(searchBodies()[0]).toMatchObject({
      index: 0,
      pageSize: 10,
      sort: 'newest',
      filter: { publishers: ['Hafenbehörde'] },
    });
  });

  it('goes to the next page of offers and says so in the address', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PublisherPage />, { url: `/publisher/${ID}`, path: '/publisher/:id' });
    await screen.findByRole('heading', { level: 2, name: 'Gauge 0' }, { timeout: 5000 });
    const paging = screen.getByRole('navigation', { name: /pag/i });
    await user.click(within(paging).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Gauge 11' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/publisher/${ID}?page=2`);
    expect(searchBodies().at(-1)).toMatchObject({ index: 1 });
  });

  it('shows a not-found page with ways back for an id no publisher has', async () => {
    publisherAnswer = () => notFound('No publisher');
    renderWithProviders(<PublisherPage />, { url: `/publisher/${ID}`, path: '/publisher/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Publisher not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search the catalogue' }).getAttribute('href')).toBe('/results');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(searchBodies()).toEqual([]);
  });

  it('offers Retry when the publisher cannot be loaded', { timeout: 15_000 }, async () => {
    publisherAnswer = () => errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Down');
    renderWithProviders(<PublisherPage />, { url: `/publisher/${ID}`, path: '/publisher/:id' });
    // One retry for a server error (not for a 4xx), then the error with its Retry button.
    expect(await screen.findByTestId('publisher-error', {}, { timeout: 8000 })).toBeTruthy();
    publisherAnswer = () => json(200, PUBLISHER);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('publisher-name').textContent).toBe('Hafenbehörde Hamburg'));
  });
});
