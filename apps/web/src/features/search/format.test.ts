import { describe, expect, it } from 'vitest';
import { formatDateTime, formatSize, offerSize, paymentLabel } from './format';
import { makeTestOffer } from './test-offer';

describe('formatSize', () => {
  it('uses 1024-based units with two decimals', () => {
    expect(formatSize(0)).toBe('0.00 B');
    expect(formatSize(1023)).toBe('1023.00 B');
    expect(formatSize(1024)).toBe('1.00 KB');
    expect(formatSize(1536)).toBe('1.50 KB');
    expect(formatSize(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(formatSize(1024 ** 8)).toBe('1.00 YB');
    expect(formatSize(1024 ** 9)).toBe('1024.00 YB');
  });
  it('says nothing for an unknown size', () => {
    expect(formatSize(null)).toBeNull();
    expect(formatSize(-1)).toBeNull();
  });
});

describe('offerSize', () => {
  it('adds the sizes of all distributions and ignores unknown ones', () => {
    expect(offerSize(makeTestOffer({ sizes: [1024, null, 2048] }))).toBe(3072);
    expect(offerSize(makeTestOffer({ sizes: [null] }))).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('formats dd.MM.yyyy HH:mm', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 7, 9).toISOString())).toBe('05.03.2024 07:09');
  });
  it('answers null for invalid or missing dates', () => {
    expect(formatDateTime('not a date')).toBeNull();
    expect(formatDateTime(null)).toBeNull();
  });
});

describe('paymentLabel', () => {
  it('labels each payment model as the specification says', () => {
    expect(paymentLabel('FREE_OF_CHARGE', 0)).toEqual({ kind: 'free' });
    expect(paymentLabel('PAY_PER_USE_DOWNLOAD', 12.5)).toEqual({ kind: 'price', amount: '12.50 €', suffix: '' });
    expect(paymentLabel('SUBSCRIPTION_BASED', 3)).toEqual({ kind: 'price', amount: '3.00 €', suffix: 'month' });
    expect(paymentLabel('DATA_VOLUME_BASED', 0.1)).toEqual({ kind: 'price', amount: '0.10 €', suffix: 'MB' });
    expect(paymentLabel('SOMETHING_ELSE', 99)).toEqual({ kind: 'free' });
  });
});
