import type { TOwnOffer } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderWithProviders } from '../../test/render';
import { MyOfferingsPage } from './MyOfferingsPage';

const OFFER: TOwnOffer = {
  '@id': '00000000-0000-4000-8000-000000000001',
  title: 'Pegelstände der Elbe',
  state: 'PUBLISHED',
  pricingOption: 'PAID',
  contentType: 'DATA',
  accessType: 'CONNECTOR',
  paymentModel: 'SUBSCRIPTION_BASED',
  price: 49,
  currency: 'EUR',
  categories: ['ENVIRONMENT'],
  endpointCount: 2,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  publishFailure: null,
};

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let offers: TOwnOffer[];
let fetchMock: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  offers = [{ ...OFFER }];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/offers/mine') return answer(offers);
    if (init?.method === 'DELETE' && path === `/api/offers/${OFFER['@id']}`) {
      offers = [{ ...OFFER, state: 'UNPUBLISHED' }];
      return answer(offers[0]);
    }
    return answer({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'no' }, 404);
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('My offerings', () => {
  it("lists the supplier's offers with their state, terms and endpoint count", async () => {
    renderWithProviders(<MyOfferingsPage />, { url: '/my-offerings' });
    const card = await screen.findByTestId('own-offer');
    expect(within(card).getByRole('heading', { name: 'Pegelstände der Elbe' })).toBeTruthy();
    expect(within(card).getByTestId('own-offer-state').textContent).toBe('Published');
    expect(card.textContent).toContain('Paid Offering · Data · Connector');
    expect(card.textContent).toContain('2 endpoints');
  });

  it('opens the wizard for an edit with the offer and its pre-requisites in the URL', async () => {
    const view = renderWithProviders(<MyOfferingsPage />, { url: '/my-offerings' });
    await userEvent.setup().click(await screen.findByTestId('own-offer-edit'));
    const location = currentLocation(view);
    expect(location.pathname).toBe('/offer/create');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      pricingOption: 'PAID',
      contentType: 'DATA',
      accessType: 'CONNECTOR',
      offerId: OFFER['@id'],
    });
  });

  it('asks in an in-app dialog, not the browser, then unpublishes and shows the new state', async () => {
    const browserConfirm = vi.fn(() => true);
    vi.stubGlobal('confirm', browserConfirm);
    const user = userEvent.setup();
    renderWithProviders(<MyOfferingsPage />, { url: '/my-offerings' });
    await user.click(await screen.findByTestId('own-offer-unpublish'));
    const dialog = await screen.findByRole('dialog', { name: `Unpublish: ${OFFER.title}` });
    expect(within(dialog).getByTestId('unpublish-dialog').textContent).toContain('It disappears from search at once');
    expect(fetchMock).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(browserConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('own-offer-state').textContent).toBe('Unpublished'));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/offers/${OFFER['@id']}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect((screen.getByTestId('own-offer-unpublish') as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the offer when the dialog is cancelled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MyOfferingsPage />, { url: '/my-offerings' });
    await user.click(await screen.findByTestId('own-offer-unpublish'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('own-offer-state').textContent).toBe('Published');
    expect(fetchMock).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
  });

  it('shows the failed connector step of an offer that could not be published', async () => {
    offers = [{ ...OFFER, state: 'UNPUBLISHED', publishFailure: { step: 'policyDefinition', message: 'refused' } }];
    renderWithProviders(<MyOfferingsPage />, { url: '/my-offerings' });
    expect((await screen.findByTestId('own-offer-failure')).textContent).toBe(
      'Publishing on the connector failed at the step “policy definition”: refused',
    );
  });

  it('says so when there are no offers yet', async () => {
    offers = [];
    renderWithProviders(<MyOfferingsPage />, { url: '/my-offerings' });
    expect((await screen.findByTestId('my-offerings-empty')).textContent).toBe(
      'You have not published any offers yet.',
    );
  });
});
