import type { TOfferTerms, TOrganisation, TOwnOrganisationResponse } from '@dsm/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notFound } from '../../test/answers';
import { json, makeCartOffer, storeCart, WEATHER } from '../../test/cart-test-data';
import { renderWithProviders } from '../../test/render';
import { CartPage } from './CartPage';

/** The cart previews what the invoices will say: the VAT rate (reverse charge) and who may buy. */

// Checkout bills subscriptions; metered offers are invoiced monthly from their usage.
const AIR = makeCartOffer({ paymentModel: 'SUBSCRIPTION_BASED' });

const GERMAN: TOrganisation = {
  id: 'org-buyer',
  legalName: 'Käufer GmbH',
  street: 'Domkloster 4',
  postalCode: '50667',
  city: 'Köln',
  country: 'DE',
  vatId: 'DE281963546',
  iban: '',
  bic: '',
  contactEmail: 'einkauf@example.org',
  contactPhone: '',
  updatedAt: '2025-03-01T10:00:00.000Z',
};
const FRENCH: TOrganisation = { ...GERMAN, country: 'FR', vatId: 'FR40303265045', city: 'Paris', postalCode: '75001' };

let organisation: TOrganisation | null;
let terms: Record<string, TOfferTerms>;

const termsOf = (offerId: string, allowedCountries: string[]): TOfferTerms => ({
  '@id': offerId,
  title: 'Offer',
  licence: 'CC-BY-4.0',
  licenceLabel: 'Creative Commons Namensnennung 4.0 International',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  allowedCountries,
  timeRestriction: null,
});

beforeEach(() => {
  organisation = GERMAN;
  terms = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/profile/organisation') {
      const body: TOwnOrganisationResponse = {
        organisation,
        canBuy: organisation !== null,
        canSell: false,
        missingToSell: ['iban', 'bic'],
      };
      return json(200, body);
    }
    const termsMatch = /^\/api\/offers\/([^/]+)\/terms$/.exec(url);
    if (termsMatch) {
      const found = terms[decodeURIComponent(termsMatch[1]!)];
      return found ? json(200, found) : notFound('no such offer');
    }
    return notFound();
  });
});

describe('the cart preview', () => {
  it('adds 19 % VAT for a German buyer, without a reverse-charge note', async () => {
    storeCart([AIR, WEATHER]);
    renderWithProviders(<CartPage />, { url: '/cart' });
    expect(await screen.findByTestId('cart-vat-label')).toBeTruthy();
    expect(screen.getByTestId('cart-vat-label').textContent).toBe('VAT 19 %');
    expect(screen.getByTestId('cart-vat').textContent).toBe('6.18 €');
    expect(screen.getByTestId('cart-total').textContent).toBe('38.68 €');
    expect(screen.queryByTestId('cart-reverse-charge')).toBeNull();
    expect(screen.queryByTestId('cart-not-taxable')).toBeNull();
  });

  it('shows 0 % VAT and the reverse-charge note to an EU business outside Germany with a VAT ID', async () => {
    organisation = FRENCH;
    storeCart([AIR, WEATHER]);
    renderWithProviders(<CartPage />, { url: '/cart' });
    const note = await screen.findByTestId('cart-reverse-charge');
    expect(note.textContent).toBe(
      'Reverse charge: as a business in France with a VAT ID you owe the VAT yourself. The invoices show 0 % VAT.',
    );
    expect(screen.getByTestId('cart-vat-label').textContent).toBe('VAT 0 %');
    expect(screen.getByTestId('cart-vat').textContent).toBe('0.00 €');
    expect(screen.getByTestId('cart-total').textContent).toBe('32.50 €');
  });

  it('shows 0 % VAT and the not-taxable note to a business outside the EU, with or without a VAT ID', async () => {
    for (const outside of [
      { ...GERMAN, country: 'US', vatId: '', city: 'New York', postalCode: '10001' },
      { ...GERMAN, country: 'CH', vatId: 'CHE-123.456.788', city: 'Zürich', postalCode: '8001' },
    ]) {
      organisation = outside;
      storeCart([AIR, WEATHER]);
      const view = renderWithProviders(<CartPage />, { url: '/cart' });
      const note = await screen.findByTestId('cart-not-taxable');
      expect(note.textContent).toMatch(
        /^Not taxable in Germany: as a business in .+ \(outside the EU\) you pay no German VAT\. The invoices show 0 % VAT\.$/,
      );
      expect(screen.getByTestId('cart-vat-label').textContent).toBe('VAT 0 %');
      expect(screen.getByTestId('cart-vat').textContent).toBe('0.00 €');
      expect(screen.getByTestId('cart-total').textContent).toBe('32.50 €');
      expect(screen.queryByTestId('cart-reverse-charge')).toBeNull();
      view.unmount();
    }
  });

  it("names an offer's allowed countries and warns when the buyer's organisation is in none of them", async () => {
    terms = { [AIR['@id']]: termsOf(AIR['@id'], ['AT']), [WEATHER['@id']]: termsOf(WEATHER['@id'], []) };
    storeCart([AIR, WEATHER]);
    renderWithProviders(<CartPage />, { url: '/cart' });
    const [air, weather] = screen.getAllByTestId('cart-item');
    expect((await within(air!).findByTestId('cart-item-restriction')).textContent).toBe(
      'Only for organisations in Austria',
    );
    expect((await within(air!).findByRole('alert')).textContent).toBe(
      'Your organisation is in Germany: it cannot buy this offer. Remove it to check out.',
    );
    expect(within(weather!).queryByTestId('cart-item-restriction')).toBeNull();
  });

  it('names the allowed countries without a warning to an organisation in one of them', async () => {
    organisation = { ...GERMAN, country: 'AT', vatId: '' };
    terms = { [AIR['@id']]: termsOf(AIR['@id'], ['AT']) };
    storeCart([AIR]);
    renderWithProviders(<CartPage />, { url: '/cart' });
    expect((await screen.findByTestId('cart-item-restriction')).textContent).toBe('Only for organisations in Austria');
    expect(screen.queryByTestId('cart-item-refused')).toBeNull();
  });
});
