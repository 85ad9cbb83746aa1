import { describe, expect, it } from 'vitest';
import { makeCartOffer, WEATHER } from '../../test/cart-test-data';
import { checkPrices, needsUpdate } from './price-check';

const AIR = makeCartOffer();

describe('checkPrices', () => {
  it('finds nothing to confirm when the catalogue agrees', () => {
    const check = checkPrices([AIR, WEATHER], { data: [AIR, WEATHER], missing: [] });
    expect(check).toEqual({ confirmed: [AIR, WEATHER], changes: [] });
    expect(needsUpdate([AIR, WEATHER], check.confirmed)).toBe(false);
  });

  it('reports a new price or payment model, an offer no longer for sale and one that is gone', () => {
    const dearer = { ...AIR, price: 15 };
    const monthly = { ...WEATHER, paymentModel: 'DATA_VOLUME_BASED' as const };
    const third = makeCartOffer({ '@id': 'third', title: 'Third' });
    const fourth = makeCartOffer({ '@id': 'fourth', title: 'Fourth' });
    const check = checkPrices([AIR, WEATHER, third, fourth], {
      data: [dearer, monthly, { ...third, isSellable: false }],
      missing: ['fourth'],
    });
    expect(check.changes).toEqual([
      { kind: 'price', item: AIR, current: dearer },
      { kind: 'price', item: WEATHER, current: monthly },
      { kind: 'unsellable', item: third },
      { kind: 'gone', item: fourth },
    ]);
    expect(check.confirmed).toEqual([dearer, monthly]);
  });

  it('takes a new title or supplier without asking, but still rewrites the cart', () => {
    const renamed = { ...AIR, title: 'Air quality in Leipzig, hourly' };
    const check = checkPrices([AIR], { data: [renamed], missing: [] });
    expect(check.changes).toEqual([]);
    expect(needsUpdate([AIR], check.confirmed)).toBe(true);
  });
});
