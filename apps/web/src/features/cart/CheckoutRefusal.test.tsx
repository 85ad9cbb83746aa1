import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notFound } from '../../test/answers';
import {
  batchIdsOf,
  json,
  makeCartOffer,
  metadataItemOf,
  storeCart,
  storedCarts,
  WEATHER,
} from '../../test/cart-test-data';
import { renderWithProviders } from '../../test/render';
import { CartPage } from './CartPage';

/**
 * A refused checkout is told in the user's language, chosen by the error code and the item the
 * server names, never with the server's English sentence.
 */

const AIR = makeCartOffer();
let paymentAnswer: () => Response;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const batch = batchIdsOf(url);
    if (batch) {
      return json(
        200,
        (storedCarts()[0]?.items ?? []).filter((offer) => batch.includes(offer['@id'])).map(metadataItemOf),
      );
    }
    if (url === '/idp-service/payment') return paymentAnswer();
    return notFound();
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18next.changeLanguage('en'));
});

const refusal = (statusCode: number, code: string, message: string, issues: { path: string; message: string }[]) =>
  json(statusCode, { statusCode, code, error: 'Refused', message, issues });

async function checkOut(): Promise<HTMLElement> {
  renderWithProviders(<CartPage />, { url: '/cart' });
  await userEvent.click(screen.getByTestId('checkout-button'));
  const modal = await screen.findByRole('dialog');
  const place = within(modal).getByTestId('place-order') as HTMLButtonElement;
  await waitFor(() => expect(place.disabled).toBe(false));
  await userEvent.click(place);
  const alert = await screen.findByTestId('global-alert');
  expect(alert.getAttribute('data-type')).toBe('error');
  return alert;
}

describe('a refused checkout', () => {
  it.each([
    [
      'a geo restriction, naming the offer the server named',
      () =>
        refusal(403, 'FORBIDDEN', 'Weather data may only be used in DE; your organisation is in FR', [
          { path: 'body.purchasedItems.1.productId', message: 'Weather data may only be used in DE' },
        ]),
      `The order was refused: “${WEATHER.title}” may not be used in your organisation's country. Remove it from the cart.`,
    ],
    [
      'an incomplete organisation',
      () =>
        refusal(409, 'ORGANISATION_INCOMPLETE', 'Add your organisation at /profile/organisation before checking out', [
          { path: 'organisation', message: 'is required to check out' },
        ]),
      'The order was refused: add your organisation (name, address, country, contact e-mail) first.',
    ],
    [
      'an offer no longer for sale',
      () =>
        refusal(409, 'CONFLICT', 'body.purchasedItems.0.productId: offer is not for sale', [
          { path: 'body.purchasedItems.0.productId', message: 'offer is not for sale' },
        ]),
      `The order was refused: “${AIR.title}” is no longer for sale.`,
    ],
    [
      'an offer that is gone',
      () =>
        refusal(404, 'NOT_FOUND', 'body.purchasedItems.1.productId: offer does not exist', [
          { path: 'body.purchasedItems.1.productId', message: 'offer does not exist' },
        ]),
      `The order was refused: “${WEATHER.title}” no longer exists.`,
    ],
    [
      'a changed publisher',
      () =>
        refusal(400, 'VALIDATION_FAILED', 'body.purchasedItems.0.providerId: x is not the publisher', [
          { path: 'body.purchasedItems.0.providerId', message: 'x is not the publisher' },
        ]),
      `The order was refused: the supplier of “${AIR.title}” has changed. Open the checkout again.`,
    ],
    [
      'an offer the buyer already holds (it was refused with the generic text)',
      () =>
        refusal(409, 'OFFER_ALREADY_YOURS', '"Weather feed" is already yours; see My Acquisitions', [
          { path: 'body.purchasedItems.1.productId', message: 'offer is already yours' },
        ]),
      `The order was refused: “${WEATHER.title}” is already yours (see My Acquisitions). Remove it from the cart.`,
    ],
    [
      "the buyer's own offer",
      () =>
        refusal(409, 'OWN_OFFER', 'You publish "Air quality in Leipzig"', [
          { path: 'body.purchasedItems.0.productId', message: 'you publish it' },
        ]),
      `The order was refused: you publish “${AIR.title}”, so your organisation cannot buy it. Remove it from the cart.`,
    ],
    [
      'an offer whose seller has no complete invoice profile',
      () =>
        refusal(409, 'SELLER_INCOMPLETE', '"Air quality in Leipzig" is not for sale', [
          { path: 'body.purchasedItems.0.productId', message: 'no seller' },
        ]),
      `The order was refused: no valid invoice can be issued for “${AIR.title}” because its seller’s profile is incomplete. Remove it from the cart.`,
    ],
    [
      'too many orders',
      () => refusal(429, 'RATE_LIMITED', 'Too many requests', []),
      'Too many orders in a short time. Please try again in a minute.',
    ],
  ])('is explained for %s', async (_case, answer, expected) => {
    storeCart([AIR, WEATHER]);
    paymentAnswer = answer;
    const alert = await checkOut();
    expect(alert.textContent).toBe(expected);
    // The cart stays as it was.
    expect(storedCarts()[0]?.items).toEqual([AIR, WEATHER]);
  });

  it('speaks the chosen language, not the server’s English', async () => {
    await act(() => i18next.changeLanguage('de'));
    storeCart([AIR, WEATHER]);
    paymentAnswer = () =>
      refusal(403, 'FORBIDDEN', 'Weather data may only be used in DE; your organisation is in FR', [
        { path: 'body.purchasedItems.1.productId', message: 'Weather data may only be used in DE' },
      ]);
    const alert = await checkOut();
    expect(alert.textContent).toBe(
      `Die Bestellung wurde abgelehnt: „${WEATHER.title}“ darf im Land Ihrer Organisation nicht genutzt werden. Entfernen Sie es aus dem Warenkorb.`,
    );
    expect(alert.textContent).not.toContain('may only be used');
  });

  it('still shows an unknown failure as before', async () => {
    storeCart([AIR]);
    paymentAnswer = () => refusal(500, 'INTERNAL', 'Something broke on our side', []);
    expect((await checkOut()).textContent).toBe('Something broke on our side');
  });
});
