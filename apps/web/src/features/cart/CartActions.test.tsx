import type { TSaleRefusal } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { TEST_USER } from '../../app/providers';
import {
  batchIdsOf,
  json,
  makeCartOffer,
  makeOrder,
  metadataItemOf,
  storeCart,
  storedCarts,
} from '../../test/cart-test-data';
import { fakeFetch } from '../../test/fake-fetch';
import { currentLocation, renderWithProviders } from '../../test/render';
import { makeTestOffer } from '../../test/test-offer';
import { CartActions } from './CartActions';
import { toCartOffer } from './cart-storage';
import { useCart } from './use-cart';

const offer = makeTestOffer({ paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 12.5, isSellable: true });

let fetchMock: Mock<typeof fetch>;
/** What the server says of the offer's sale; unknown (404) unless a test sets it. */
let saleRefusal: TSaleRefusal | null | undefined;

beforeEach(() => {
  saleRefusal = undefined;
  fetchMock = fakeFetch(async (url) => {
    if (url === `/api/offers/${offer['@id']}/sale-status` && saleRefusal !== undefined) {
      return json(200, { '@id': offer['@id'], isForSale: saleRefusal === null, refusal: saleRefusal });
    }
    const batch = batchIdsOf(url);
    if (batch) return json(200, (storedCarts()[0]?.items ?? []).map(metadataItemOf));
    if (url === '/idp-service/payment') return json(201, makeOrder());
  });
});

describe('CartActions', () => {
  it('cannot add an offer that is not for sale, and says why', () => {
    renderWithProviders(<CartActions offer={{ ...offer, isSellable: false }} />);
    const button = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('not-for-sale').textContent).toBe('This offer is not for sale.');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('not-for-sale').id);
  });

  it('keeps a free offer of another portal out of the cart with the reason, even when demo mode calls it sellable', async () => {
    const free = { ...offer, paymentModel: 'FREE_OF_CHARGE' as const, price: 0 };
    for (const fromElsewhere of [
      { ...free, isSellable: false },
      { ...free, isSellable: true, isDemoSellable: true } as typeof offer,
    ]) {
      const view = renderWithProviders(<CartActions offer={fromElsewhere} />);
      const button = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      const hint = screen.getByTestId('not-for-sale');
      expect(hint.textContent).toBe('Free of charge: there is nothing to order. Get the data from its endpoints.');
      expect(button.getAttribute('aria-describedby')).toBe(hint.id);
      await userEvent.click(button);
      expect(storedCarts()).toEqual([]);
      view.unmount();
    }
  });

  it('adds a free offer its supplier published on the marketplace: it is acquired through the checkout', async () => {
    const free = { ...offer, paymentModel: 'FREE_OF_CHARGE' as const, price: 0, isSellable: true };
    renderWithProviders(<CartActions offer={free} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(storedCarts()).toEqual([{ id: TEST_USER.id, items: [toCartOffer(free)] }]);
    expect(screen.queryByTestId('not-for-sale')).toBeNull();
  });

  it('keeps a priced offer that only demo mode calls sellable out of the cart, saying why', async () => {
    renderWithProviders(<CartActions offer={{ ...offer, isSellable: true, isDemoSellable: true } as typeof offer} />);
    const button = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const hint = screen.getByTestId('not-for-sale');
    expect(hint.textContent).toBe(
      'Shown as for sale in demo mode only: its supplier does not sell it, so it cannot be ordered.',
    );
    expect(button.getAttribute('aria-describedby')).toBe(hint.id);
    await userEvent.click(button);
    expect(storedCarts()).toEqual([]);
  });

  it('adds the offer, opens the added-to-cart modal, and then offers to remove it', async () => {
    renderWithProviders(<CartActions offer={offer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(storedCarts()).toEqual([{ id: TEST_USER.id, items: [toCartOffer(offer)] }]);
    const modal = await screen.findByRole('dialog', { name: 'Added to cart' });
    expect(modal.textContent).toContain('“Air quality in Leipzig” is in your cart.');
    await userEvent.click(within(modal).getByRole('button', { name: 'Continue shopping' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove from cart' }));
    expect(storedCarts()).toEqual([{ id: TEST_USER.id, items: [] }]);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('refuses a 101st offer with a message and leaves the cart as it was', async () => {
    const full = Array.from({ length: 100 }, (_, i) =>
      makeCartOffer({ '@id': `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    );
    storeCart(full);
    renderWithProviders(<CartActions offer={offer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Your cart is full: one order takes at most 100 offers.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Added to cart' })).toBeNull();
    expect(storedCarts()).toEqual([{ id: TEST_USER.id, items: full }]);
  });

  it('goes to the cart from the added-to-cart modal', async () => {
    const view = renderWithProviders(<CartActions offer={offer} />, { url: `/offer/details/${offer['@id']}` });
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to cart' }));
    expect(currentLocation(view).pathname).toBe('/cart');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens checkout from the added-to-cart modal, which closes; a placed order closes both and goes home', async () => {
    const view = renderWithProviders(<CartActions offer={offer} />, { url: `/offer/details/${offer['@id']}` });
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Added to cart' })).getByTestId('added-checkout'));
    expect(screen.queryByRole('dialog', { name: 'Added to cart' })).toBeNull();
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
    const place = within(checkout).getByTestId('place-order') as HTMLButtonElement;
    await waitFor(() => expect(place.disabled).toBe(false));
    await userEvent.click(place);
    expect((await screen.findByTestId('global-alert')).textContent).toBe('Your order has been placed sucessfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(currentLocation(view).pathname).toBe('/'));
    expect(storedCarts()).toEqual([]);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/idp-service/payment')).toBe(true);
  });
});

describe('CartActions and the sale status', () => {
  it('offered Add to cart on an offer the buyer already holds: says it is theirs and links to My Acquisitions', async () => {
    saleRefusal = 'ALREADY_YOURS';
    const view = renderWithProviders(<CartActions offer={offer} />, { url: `/offer/details/${offer['@id']}` });
    expect((await screen.findByTestId('not-for-sale')).textContent).toBe(
      'This offer is already yours. You find it in My Acquisitions.',
    );
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to My Acquisitions' }));
    expect(currentLocation(view).pathname).toBe('/acquisition');
  });

  it("offered Add to cart on the supplier's own offer: says why in its place", async () => {
    saleRefusal = 'OWN_OFFER';
    renderWithProviders(<CartActions offer={offer} />);
    expect((await screen.findByTestId('not-for-sale')).textContent).toBe(
      'You publish this offer: your organisation sells it, so it cannot buy it.',
    );
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to My Acquisitions' })).toBeNull();
  });

  it('let an offer no organisation with a complete invoice profile sells be added: disabled, saying why', async () => {
    saleRefusal = 'SELLER_INCOMPLETE';
    renderWithProviders(<CartActions offer={offer} />);
    const hint = await screen.findByTestId('not-for-sale');
    expect(hint.textContent).toContain('no organisation with a complete invoice profile');
    const button = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(hint.id);
    await userEvent.click(button);
    expect(storedCarts()).toEqual([]);
  });

  it('follows the server where it sells an offer the page calls not for sale', async () => {
    saleRefusal = null;
    renderWithProviders(<CartActions offer={{ ...offer, isSellable: false }} />);
    const button = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.queryByTestId('not-for-sale')).toBeNull();
  });
});

function CartProbe({ action }: { action: (cart: ReturnType<typeof useCart>) => void }) {
  const cart = useCart();
  return (
    <button type="button" onClick={() => action(cart)}>
      act
    </button>
  );
}

describe('cart errors', () => {
  it("shows 'Item already in cart' when the same offer is added again", async () => {
    const item = toCartOffer(offer);
    renderWithProviders(<CartProbe action={(cart) => cart.add(item)} />);
    await userEvent.click(screen.getByRole('button', { name: 'act' }));
    expect(screen.queryByTestId('global-alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'act' }));
    const alert = await screen.findByTestId('global-alert');
    expect(alert.textContent).toBe('Item already in cart');
    expect(alert.getAttribute('data-type')).toBe('error');
    expect(storedCarts()[0]?.items).toHaveLength(1);
  });

  it("shows 'No cart found' when removing from a cart that does not exist", async () => {
    renderWithProviders(<CartProbe action={(cart) => cart.remove(offer['@id'])} />);
    await userEvent.click(screen.getByRole('button', { name: 'act' }));
    expect((await screen.findByTestId('global-alert')).textContent).toBe('No cart found');
  });
});
