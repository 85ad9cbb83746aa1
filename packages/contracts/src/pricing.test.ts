import { describe, expect, it } from 'vitest';
import { priceUnitOf } from './price-units';
import { meteredLineCents, meteredQuantityMilli } from './pricing';

describe('metered lines', () => {
  it('bills 3 downloads at 0.99 € as 2.97 €', () => {
    const quantity = meteredQuantityMilli('PAY_PER_USE_DOWNLOAD', { downloads: 3, bytes: 10n });
    expect(quantity).toBe(3000n);
    expect(meteredLineCents(quantity, 99)).toBe(297);
  });

  it('counts megabytes of 10^6 bytes to three decimals and rounds the amount once', () => {
    const quantity = meteredQuantityMilli('DATA_VOLUME_BASED', { downloads: 0, bytes: 1_234_567n });
    expect(quantity).toBe(1235n);
    // 1.235 MB × 0.05 € = 0.06175 €: 6 cents.
    expect(meteredLineCents(quantity, 5)).toBe(6);
    expect(meteredLineCents(meteredQuantityMilli('DATA_VOLUME_BASED', { downloads: 0, bytes: 499n }), 5)).toBe(0);
  });

  it('stays exact beyond what a double holds', () => {
    const bytes = 123_456_789_012_345_678n;
    expect(meteredQuantityMilli('DATA_VOLUME_BASED', { downloads: 0, bytes })).toBe(123_456_789_012_346n);
    expect(meteredLineCents(10_000_000_000_000_000n, 1)).toBe(10_000_000_000_000);
  });

  it('names the unit of each price', () => {
    expect(priceUnitOf('SUBSCRIPTION_BASED')).toBe('month');
    expect(priceUnitOf('PAY_PER_USE_DOWNLOAD')).toBe('download');
    expect(priceUnitOf('DATA_VOLUME_BASED')).toBe('MB');
    expect(priceUnitOf('FREE_OF_CHARGE')).toBeNull();
  });
});
