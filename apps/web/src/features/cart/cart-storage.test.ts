import { describe, expect, it } from 'vitest';
import { makeCartOffer, WEATHER } from '../../test/cart-test-data';
import { makeTestOffer } from '../../test/test-offer';
import {
  CartError,
  cartItemsOf,
  MAX_CART_ITEMS,
  parseCarts,
  toCartOffer,
  withCartCleared,
  withItemAdded,
  withItemRemoved,
  withItemsReplaced,
} from './cart-storage';

const AIR = makeCartOffer();

describe('parseCarts', () => {
  it('reads nothing stored as no carts', () => {
    expect(parseCarts(null)).toEqual({ entries: [], isDamaged: false });
  });

  it('reads the stored entries, one per user', () => {
    const raw = JSON.stringify([
      { id: 'ada', items: [AIR] },
      { id: 'bob', items: [] },
    ]);
    expect(parseCarts(raw)).toEqual({
      entries: [
        { id: 'ada', items: [AIR] },
        { id: 'bob', items: [] },
      ],
      isDamaged: false,
    });
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['JSON that is not a list', '{"id":"ada","items":[]}'],
    ['null', 'null'],
    ['an empty text', ''],
    ['two megabytes of garbage', `[${'x'.repeat(2_000_000)}`],
  ])('treats %s as damage and starts empty', (_name, raw) => {
    expect(parseCarts(raw)).toEqual({ entries: [], isDamaged: true });
  });

  it('drops an item with an endless price or an unknown payment model, and keeps no stored key on a prototype', () => {
    const raw = JSON.stringify([
      { id: 'ada', items: [{ ...AIR, price: 1 }] },
      { id: 'bob', items: [{ ...AIR, paymentModel: 'BARTER' }] },
    ])
      .replace('"price":1', '"price":1e400')
      .replace('[{"id":"ada"', '[{"__proto__":{"isPolluted":true},"id":"ada"');
    const parsed = parseCarts(raw);
    expect(parsed).toEqual({ entries: [], isDamaged: true });
    expect(({} as { isPolluted?: boolean }).isPolluted).toBeUndefined();
  });

  it("drops only the entries that do not fit, and a user's second entry", () => {
    const raw = JSON.stringify([
      { id: 'ada', items: [AIR] },
      { id: 'bob', items: [{ title: 'no id, no price' }] },
      { id: 'ada', items: [WEATHER] },
      42,
    ]);
    expect(parseCarts(raw)).toEqual({ entries: [{ id: 'ada', items: [AIR] }], isDamaged: true });
  });
});

describe('a cart as large as one order', () => {
  const items = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      makeCartOffer({ '@id': `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    );

  it('keeps the first 100 items of a stored cart that holds more, and reports the rest as damage', () => {
    const parsed = parseCarts(JSON.stringify([{ id: 'ada', items: items(3000) }]));
    expect(parsed.isDamaged).toBe(true);
    expect(cartItemsOf(parsed.entries, 'ada')).toHaveLength(MAX_CART_ITEMS);
    expect(parseCarts(JSON.stringify([{ id: 'ada', items: items(MAX_CART_ITEMS) }])).isDamaged).toBe(false);
  });

  it('refuses a 101st offer as a full cart', () => {
    const full = [{ id: 'ada', items: items(MAX_CART_ITEMS) }];
    expect(() => withItemAdded(full, 'ada', AIR)).toThrowError(new CartError('CART_FULL'));
    expect(cartItemsOf(withItemAdded([{ id: 'ada', items: items(99) }], 'ada', AIR), 'ada')).toHaveLength(100);
  });
});

describe('cart changes', () => {
  it("keeps each user's cart apart", () => {
    const entries = withItemAdded(withItemAdded([], 'ada', AIR), 'bob', WEATHER);
    expect(cartItemsOf(entries, 'ada')).toEqual([AIR]);
    expect(cartItemsOf(entries, 'bob')).toEqual([WEATHER]);
    expect(cartItemsOf(entries, 'carl')).toEqual([]);
  });

  it("refuses the same offer twice with 'Item already in cart'", () => {
    const entries = withItemAdded([], 'ada', AIR);
    expect(() => withItemAdded(entries, 'ada', { ...AIR })).toThrowError(new CartError('ALREADY_IN_CART'));
    expect(new CartError('ALREADY_IN_CART').message).toBe('Item already in cart');
  });

  it("removes an offer, and answers 'No cart found' for a user without a cart", () => {
    const entries = withItemAdded(withItemAdded([], 'ada', AIR), 'ada', WEATHER);
    expect(cartItemsOf(withItemRemoved(entries, 'ada', AIR['@id']), 'ada')).toEqual([WEATHER]);
    expect(() => withItemRemoved(entries, 'bob', AIR['@id'])).toThrowError('No cart found');
    expect(() => withItemsReplaced(entries, 'bob', [])).toThrowError('No cart found');
  });

  it("clears one user's cart and leaves the others", () => {
    const entries = withItemAdded(withItemAdded([], 'ada', AIR), 'bob', WEATHER);
    expect(withCartCleared(entries, 'ada')).toEqual([{ id: 'bob', items: [WEATHER] }]);
  });
});

describe('toCartOffer', () => {
  it("keeps the sale terms and the first dataset's publisher as supplier", () => {
    const offer = makeTestOffer({ paymentModel: 'DATA_VOLUME_BASED', price: 0.5, isSellable: true });
    expect(toCartOffer(offer)).toEqual({
      '@id': offer['@id'],
      title: 'Air quality in Leipzig',
      paymentModel: 'DATA_VOLUME_BASED',
      price: 0.5,
      isSellable: true,
      providerId: 'org-1',
      providerName: 'City of Leipzig',
    });
  });
});
