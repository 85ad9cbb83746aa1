import { orderTotals } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../shared/format/format';
import { makeCartOffer, WEATHER } from '../../test/cart-test-data';

describe('cart totals in euros', () => {
  it('writes cents with two decimals and the euro sign', () => {
    expect(formatCents(1250)).toBe('12.50 €');
    expect(formatCents(0)).toBe('0.00 €');
    expect(formatCents(123456)).toBe('1234.56 €');
  });

  it('totals what checkout invoices as net, VAT and gross: subscriptions, not metered or free offers', () => {
    const items = [
      makeCartOffer(),
      WEATHER,
      makeCartOffer({ '@id': 'sub', paymentModel: 'SUBSCRIPTION_BASED', price: 12.5 }),
      makeCartOffer({ '@id': 'free', paymentModel: 'FREE_OF_CHARGE', price: 9 }),
    ];
    const totals = orderTotals(items);
    // 12.50 (org-1) + 20.00 (org-2), each a subscription's first month: VAT 2.375 -> 2.38 and 3.80.
    // The first item is priced per download and invoiced monthly from its usage.
    expect([formatCents(totals.net), formatCents(totals.vat), formatCents(totals.gross)]).toEqual([
      '32.50 €',
      '6.18 €',
      '38.68 €',
    ]);
  });
});
