import type { TCartOffer } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { TEST_USER } from '../../app/providers';
import { errorAnswer } from '../../test/answers';
import {
  batchIdsOf,
  json,
  makeCartOffer,
  makeOrder,
  metadataItemOf,
  storeCart,
  storeCarts,
  storedCarts,
  WEATHER,
} from '../../test/cart-test-data';
import { fakeFetch } from '../../test/fake-fetch';
import { currentLocation, renderWithProviders } from '../../test/render';
import { CartPage } from './CartPage';
import { CART_STORAGE_KEY } from './cart-storage';

const AIR = makeCartOffer();

let fetchMock: Mock<typeof fetch>;
/** The catalogue's current offers; by default exactly what the cart holds. */
let catalogue: () => TCartOffer[];
let paymentAnswer: () => Response;
/** Whether the server says the buyer holds WEATHER already. */
let isWeatherHeld: boolean;

function callsTo(path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as unknown,
      headers: (init?.headers ?? {}) as Record<string, string>,
    }));
}

/** Opens the checkout of the cart page and waits until the order can be placed. */
async function openCheckout() {
  const view = renderWithProviders(<CartPage />, { url: '/cart' });
  await userEvent.click(screen.getByTestId('checkout-button'));
  const modal = await screen.findByRole('dialog', { name: 'Checkout' });
  const place = within(modal).getByTestId('place-order') as HTMLButtonElement;
  await waitFor(() => expect(place.disabled).toBe(false));
  return { view, modal, place };
}

beforeEach(() => {
  catalogue = () => storedCarts()[0]?.items ?? [];
  paymentAnswer = () => json(201, makeOrder());
  isWeatherHeld = false;
  fetchMock = fakeFetch(async (url) => {
    const batch = batchIdsOf(url);
    if (batch) {
      return json(
        200,
        catalogue()
          .filter((offer) => batch.includes(offer['@id']))
          .map(metadataItemOf),
      );
    }
    if (url === '/idp-service/payment') return paymentAnswer();
    if (url === `/api/offers/${WEATHER['@id']}/sale-status`) {
      return json(200, {
        '@id': WEATHER['@id'],
        isForSale: !isWeatherHeld,
        refusal: isWeatherHeld ? 'ALREADY_YOURS' : null,
      });
    }
  });
});

describe('CartPage', () => {
  it('kept an offer the buyer already holds in the cart without a word: marks it, linking to My Acquisitions', async () => {
    isWeatherHeld = true;
    storeCart([AIR, WEATHER]);
    renderWithProviders(<CartPage />, { url: '/cart' });
    const marks = await screen.findAllByTestId('cart-item-sale-refusal');
    expect(marks).toHaveLength(1);
    const [air, weather] = screen.getAllByTestId('cart-item');
    expect(within(air!).queryByTestId('cart-item-sale-refusal')).toBeNull();
    const mark = within(weather!).getByTestId('cart-item-sale-refusal');
    expect(mark.textContent).toContain('This offer is already yours.');
    expect(within(mark).getByRole('link', { name: 'Go to My Acquisitions' }).getAttribute('href')).toBe('/acquisition');
  });

  it("is titled 'My cart' and, empty, says so with Checkout disabled", () => {
    renderWithProviders(<CartPage />, { url: '/cart' });
    expect(screen.getByRole('heading', { level: 1, name: 'My cart' })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe('0 items');
    expect(screen.getByTestId('cart-empty')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('0.00 €');
    expect((screen.getByTestId('checkout-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the items with their payment labels and how they are billed, the count and what checkout charges', () => {
    storeCart([AIR, WEATHER]);
    renderWithProviders(<CartPage />, { url: '/cart' });
    expect(screen.getByTestId('cart-count').textContent).toBe('2 items');
    const items = screen.getAllByTestId('cart-item');
    expect(items.map((item) => within(item).getByTestId('cart-item-price').textContent)).toEqual([
      '12.50 € / download',
      '20.00 € / month',
    ]);
    expect(within(items[0]!).getByText('Supplier: City of Leipzig')).toBeTruthy();
    expect(within(items[0]!).getByTestId('cart-item-billing').textContent).toContain('invoiced monthly in arrears');
    expect(within(items[1]!).getByTestId('cart-item-billing').textContent).toContain('renews monthly');
    // The download is invoiced monthly from its usage; checkout charges the subscription's first month.
    expect(screen.getByTestId('cart-net').textContent).toBe('20.00 €');
    expect(screen.getByTestId('cart-vat').textContent).toBe('3.80 €');
    expect(screen.getByTestId('cart-total').textContent).toBe('23.80 €');
    expect(screen.getByTestId('cart-metered-note').textContent).toContain('invoiced monthly');
    expect((screen.getByTestId('checkout-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it("never shows another user's cart stored in the same browser", () => {
    storeCarts([{ id: 'someone-else', items: [AIR, WEATHER] }]);
    renderWithProviders(<CartPage />, { url: '/cart' });
    expect(screen.getByTestId('cart-count').textContent).toBe('0 items');
  });

  it('removes an item from the cart and the storage', async () => {
    storeCart([AIR, WEATHER]);
    renderWithProviders(<CartPage />, { url: '/cart' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Air quality in Leipzig from the cart' }));
    expect(screen.getAllByTestId('cart-item')).toHaveLength(1);
    expect(storedCarts()).toEqual([{ id: TEST_USER.id, items: [WEATHER] }]);
  });

  it('recovers from a corrupted stored cart with an empty cart and a message, not a blank page', async () => {
    localStorage.setItem(CART_STORAGE_KEY, '{"broken": ');
    renderWithProviders(<CartPage />, { url: '/cart' });
    expect(screen.getByRole('heading', { name: 'My cart' })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe('0 items');
    const alert = await screen.findByTestId('global-alert');
    expect(alert.getAttribute('data-type')).toBe('error');
    expect(alert.textContent).toMatch(/could not be read/);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });

  it('checks prices, places the order, empties the cart, goes home and says so for 5000 ms', async () => {
    storeCarts([
      { id: TEST_USER.id, items: [AIR, WEATHER] },
      { id: 'someone-else', items: [AIR] },
    ]);
    const { view, place } = await openCheckout();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(place);
      const alert = await screen.findByTestId('global-alert');
      expect(alert.textContent).toBe('Your order has been placed sucessfully');
      expect(alert.getAttribute('data-type')).toBe('success');
      expect(storedCarts()).toEqual([{ id: 'someone-else', items: [AIR] }]);
      expect(fetchMock.mock.calls.map(([url]) => batchIdsOf(String(url))).find((ids) => ids !== null)).toEqual([
        AIR['@id'],
        WEATHER['@id'],
      ]);
      const [payment] = callsTo('/idp-service/payment');
      expect(payment?.body).toEqual({
        consumerId: TEST_USER.id,
        purchasedItems: [
          { productId: AIR['@id'], providerId: 'org-1' },
          { productId: WEATHER['@id'], providerId: 'org-2' },
        ],
      });
      expect(payment?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
      await vi.advanceTimersByTimeAsync(4900);
      expect(screen.queryByTestId('global-alert')).not.toBeNull();
      await vi.advanceTimersByTimeAsync(600);
      expect(screen.queryByTestId('global-alert')).toBeNull();
      expect(currentLocation(view).pathname).toBe('/');
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the cart and shows an error when the order fails', async () => {
    storeCart([AIR]);
    paymentAnswer = () =>
      errorAnswer(409, 'CONFLICT', `body.purchasedItems.0.productId: offer ${AIR['@id']} is not for sale`, [
        { path: 'body.purchasedItems.0.productId', message: `offer ${AIR['@id']} is not for sale` },
      ]);
    const { place } = await openCheckout();
    await userEvent.click(place);
    const alert = await screen.findByTestId('global-alert');
    expect(alert.getAttribute('data-type')).toBe('error');
    expect(alert.textContent).toBe(`The order was refused: “${AIR.title}” is no longer for sale.`);
    expect(storedCarts()).toEqual([{ id: TEST_USER.id, items: [AIR] }]);
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeTruthy();
  });

  it('points a buyer without an organisation to the profile, and keeps the cart', async () => {
    storeCart([AIR]);
    paymentAnswer = () =>
      errorAnswer(409, 'ORGANISATION_INCOMPLETE', 'Add your organisation at /profile/organisation before checking out');
    const { modal, place } = await openCheckout();
    await userEvent.click(place);
    const notice = await within(modal).findByTestId('organisation-incomplete');
    expect(notice.textContent).toContain('Organisation profile incomplete');
    const link = within(notice).getByRole('link', { name: 'Complete the organisation profile' });
    expect(link.getAttribute('href')).toBe('/profile/organisation');
    expect(storedCarts()).toEqual([{ id: TEST_USER.id, items: [AIR] }]);
  });

  it('shows a changed price and an offer no longer for sale, and orders only after they are accepted', async () => {
    const withdrawn = makeCartOffer({ '@id': '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e03', title: 'Withdrawn data' });
    storeCart([AIR, WEATHER, withdrawn]);
    catalogue = () => [
      { ...AIR, price: 15 },
      { ...WEATHER, isSellable: false },
    ];
    renderWithProviders(<CartPage />, { url: '/cart' });
    await userEvent.click(screen.getByTestId('checkout-button'));
    const changes = await screen.findByTestId('checkout-changes');
    expect(changes.textContent).toContain(
      'Air quality in Leipzig: now 15.00 € / download instead of 12.50 € / download',
    );
    expect(changes.textContent).toContain('Weather feed is no longer for sale and will be removed.');
    expect(changes.textContent).toContain('Withdrawn data is no longer in the catalogue and will be removed.');
    expect((screen.getByTestId('place-order') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByTestId('checkout-accept'));
    expect(storedCarts()).toEqual([{ id: TEST_USER.id, items: [{ ...AIR, price: 15 }] }]);
    await waitFor(() => expect((screen.getByTestId('place-order') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('checkout-changes')).toBeNull();
    // A download is invoiced monthly from its usage: the accepted price shows, checkout charges nothing.
    expect(screen.getAllByTestId('cart-item-price').map((price) => price.textContent)).toContain('15.00 € / download');
    expect(screen.getAllByTestId('cart-total').map((total) => total.textContent)).toContain('0.00 €');
  });
});
