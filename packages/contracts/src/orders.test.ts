import { describe, expect, it } from 'vitest';
import { chargedPrice, invoiceAmounts, orderTotals, toCents } from './cart';
import { ZPaymentRequest } from './orders';

describe('invoiceAmounts', () => {
  it('adds 19 % VAT rounded half up to the cent, and the commission on the net amount', () => {
    expect(invoiceAmounts([10000, 1250], 0.1)).toEqual({ net: 11250, vat: 2138, gross: 13388, commission: 1125 });
    expect(invoiceAmounts([10])).toEqual({ net: 10, vat: 2, gross: 12, commission: 0 });
    // 0.19 * 50 cents = 9.5 cents: half a cent rounds up.
    expect(invoiceAmounts([50]).vat).toBe(10);
    expect(invoiceAmounts([]).gross).toBe(0);
  });
});

describe('orderTotals', () => {
  it('rounds each supplier invoice on its own and adds them up, as the invoices will', () => {
    const items = [
      { paymentModel: 'SUBSCRIPTION_BASED', price: 0.05, providerId: 'a' },
      { paymentModel: 'SUBSCRIPTION_BASED', price: 0.05, providerId: 'b' },
    ];
    // Each 0.05 € carries 0.0095 € VAT, rounded to 0.01 € per invoice: 0.02 €, not 0.019 € rounded once.
    expect(orderTotals(items)).toEqual({ net: 10, vat: 2, gross: 12 });
  });

  it('charges nothing for free offers whatever price they carry', () => {
    expect(orderTotals([{ paymentModel: 'FREE_OF_CHARGE', price: 9, providerId: 'a' }])).toEqual({
      net: 0,
      vat: 0,
      gross: 0,
    });
    expect(chargedPrice('SOMETHING_ELSE', 9)).toBe(0);
    expect(chargedPrice('SUBSCRIPTION_BASED', 9)).toBe(9);
  });

  it('charges metered offers nothing at checkout: their usage is invoiced monthly', () => {
    expect(
      orderTotals([
        { paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 0.99, providerId: 'a' },
        { paymentModel: 'DATA_VOLUME_BASED', price: 0.05, providerId: 'a' },
        { paymentModel: 'SUBSCRIPTION_BASED', price: 5, providerId: 'a' },
      ]),
    ).toEqual({ net: 500, vat: 95, gross: 595 });
  });

  it('makes cents without floating-point drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.565)).toBe(123457);
  });
});

describe('ZPaymentRequest', () => {
  it('drops a price sent along with an item', () => {
    const parsed = ZPaymentRequest.parse({
      consumerId: 'u',
      purchasedItems: [{ productId: '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01', providerId: 'p', price: 0.01 }],
    });
    expect(parsed.purchasedItems[0]).toEqual({ productId: '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01', providerId: 'p' });
  });
});
