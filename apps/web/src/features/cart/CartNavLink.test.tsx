import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../app/providers';
import { makeCartOffer, storeCart, WEATHER } from '../../test/cart-test-data';
import { renderWithProviders } from '../../test/render';
import { CartNavLink } from './CartNavLink';
import { writeCarts } from './cart-store';

describe('CartNavLink', () => {
  it('links to /cart and shows no badge while the cart is empty', () => {
    renderWithProviders(<CartNavLink />);
    const link = screen.getByRole('link', { name: 'Cart, 0 items' });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it('shows the item count in a red badge, and follows changes made elsewhere on the page', () => {
    storeCart([makeCartOffer()]);
    renderWithProviders(<CartNavLink />);
    expect(screen.getByTestId('cart-badge').textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    act(() => writeCarts([{ id: TEST_USER.id, items: [makeCartOffer(), WEATHER] }]));
    expect(screen.getByTestId('cart-badge').textContent).toBe('2');
  });
});
