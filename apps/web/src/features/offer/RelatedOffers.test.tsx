import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { settleWhenIdle } from '../../shared/page-settled';
import { renderWithProviders } from '../../test/render';
import { makeTestOffer } from '../../test/test-offer';
import { RelatedOffers } from './RelatedOffers';

const ID = '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01';
const OTHER = '7a0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e02';

// The panel reads once the page has shown its offer; here it has.
beforeAll(() => void settleWhenIdle(new QueryClient(), (run) => run()));

function answer(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
}

describe('RelatedOffers', () => {
  it('shows the related offers as links with publisher and price', async () => {
    const fetchMock = answer(200, { data: [makeTestOffer({ '@id': OTHER, title: 'Noise in Leipzig' })] });
    renderWithProviders(<RelatedOffers offerId={ID} />);
    const link = await screen.findByRole('link', { name: 'Noise in Leipzig' });
    expect(link.getAttribute('href')).toBe(`/offer/details/${OTHER}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Related offers' })).toBeTruthy();
    expect(screen.getByTestId('related-offer').textContent).toContain('City of Leipzig');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/search/related/${ID}`);
  });

  it('hides itself when nothing is related, and when the call fails', async () => {
    const fetchMock = answer(200, { data: [] });
    const { unmount } = renderWithProviders(<RelatedOffers offerId={ID} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('related-offers')).toBeNull());
    unmount();
    vi.restoreAllMocks();
    answer(500, { statusCode: 500, code: 'INTERNAL', error: 'x', message: 'x' });
    renderWithProviders(<RelatedOffers offerId={ID} />);
    await waitFor(() => expect(screen.queryByTestId('related-offers')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Related offers' })).toBeNull();
  });
});
