import type { TOfferTerms, TOwnOrganisationResponse } from '@dsm/contracts';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleWhenIdle } from '../../shared/page-settled';
import { errorAnswer, notFound } from '../../test/answers';
import { json } from '../../test/cart-test-data';
import { renderWithProviders } from '../../test/render';
import { OfferTermsPanel } from './OfferTermsPanel';

const OFFER_ID = '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01';

// The panel reads once the page has shown its offer; here it has.
beforeAll(() => void settleWhenIdle(new QueryClient(), (run) => run()));

let termsAnswer: () => Response;
let country = 'DE';

beforeEach(() => {
  country = 'DE';
  termsAnswer = () =>
    json(200, {
      '@id': OFFER_ID,
      title: 'Vienna parking',
      licence: 'http://dcat-ap.de/def/licenses/other-closed',
      licenceLabel: 'Andere geschlossene Lizenz (proprietär)',
      licenceUrl: 'http://dcat-ap.de/def/licenses/other-closed',
      allowedCountries: ['AT', 'DE'],
      timeRestriction: { amount: 6, unit: 'Months' },
    } satisfies TOfferTerms);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === `/api/offers/${OFFER_ID}/terms`) return termsAnswer();
    if (url === '/api/profile/organisation') {
      return json(200, {
        organisation: {
          id: 'org',
          legalName: 'Käufer GmbH',
          street: 'Domkloster 4',
          postalCode: '50667',
          city: 'Köln',
          country,
          vatId: '',
          iban: '',
          bic: '',
          contactEmail: 'einkauf@example.org',
          contactPhone: '',
          updatedAt: '2025-03-01T10:00:00.000Z',
        },
        canBuy: true,
        canSell: false,
        missingToSell: ['vatId', 'iban', 'bic'],
      } satisfies TOwnOrganisationResponse);
    }
    return notFound();
  });
});

describe('OfferTermsPanel', () => {
  it('shows the licence, the allowed countries and the period of use before purchase', async () => {
    renderWithProviders(<OfferTermsPanel offerId={OFFER_ID} />, { url: `/offer/details/${OFFER_ID}` });
    expect(screen.getByRole('heading', { name: 'Terms of use' })).toBeTruthy();
    expect(screen.getByTestId('offer-terms-loading')).toBeTruthy();
    // The licence by its name, as the endpoints table shows it, never the raw URI; linked to its text.
    const licence = await screen.findByTestId('offer-terms-licence');
    expect(licence.textContent).toBe('Andere geschlossene Lizenz (proprietär)');
    expect(licence.querySelector('a')?.getAttribute('href')).toBe('http://dcat-ap.de/def/licenses/other-closed');
    expect(screen.getByTestId('offer-terms-countries').textContent).toBe('Austria and Germany');
    expect(screen.getByTestId('offer-terms-period').textContent).toBe('6 months');
    expect(screen.queryByTestId('offer-terms-refused')).toBeNull();
  });

  it('warns a buyer whose organisation is outside the allowed countries', async () => {
    country = 'CH';
    renderWithProviders(<OfferTermsPanel offerId={OFFER_ID} />, { url: `/offer/details/${OFFER_ID}` });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your organisation is in Switzerland, which is not among these countries: you cannot buy this offer.',
    );
  });

  it('says when there is no restriction and no licence', async () => {
    termsAnswer = () =>
      json(200, {
        '@id': OFFER_ID,
        title: 'Open',
        licence: null,
        licenceLabel: null,
        licenceUrl: null,
        allowedCountries: [],
        timeRestriction: null,
      } satisfies TOfferTerms);
    renderWithProviders(<OfferTermsPanel offerId={OFFER_ID} />, { url: `/offer/details/${OFFER_ID}` });
    expect((await screen.findByTestId('offer-terms-licence')).textContent).toBe('No licence named');
    expect(screen.getByTestId('offer-terms-countries').textContent).toBe('Any country');
    expect(screen.getByTestId('offer-terms-period').textContent).toBe('Unlimited');
  });

  it('says when the terms cannot be loaded', async () => {
    termsAnswer = () => errorAnswer(500, 'INTERNAL', 'down');
    renderWithProviders(<OfferTermsPanel offerId={OFFER_ID} />, { url: `/offer/details/${OFFER_ID}` });
    expect((await screen.findByTestId('offer-terms-error')).textContent).toBe('The terms of use could not be loaded.');
  });
});
