import { describe, expect, it } from 'vitest';
import { makeTestOffer } from '../../test/test-offer';
import { formatSize, offerSize } from './format-size';

describe('formatSize', () => {
  it('uses 1024-based units from B to YB with two decimals', () => {
    expect(formatSize(0)).toBe('0.00 B');
    expect(formatSize(1023)).toBe('1023.00 B');
    expect(formatSize(1024)).toBe('1.00 KB');
    expect(formatSize(1536)).toBe('1.50 KB');
    expect(formatSize(3.5 * 1024 ** 2)).toBe('3.50 MB');
    expect(formatSize(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(formatSize(1024 ** 4)).toBe('1.00 TB');
    expect(formatSize(1024 ** 5)).toBe('1.00 PB');
    expect(formatSize(1024 ** 6)).toBe('1.00 EB');
    expect(formatSize(1024 ** 7)).toBe('1.00 ZB');
    expect(formatSize(1024 ** 8)).toBe('1.00 YB');
    expect(formatSize(1024 ** 9)).toBe('1024.00 YB');
  });
  it('says nothing for an unknown size', () => {
    expect(formatSize(null)).toBeNull();
    expect(formatSize(undefined)).toBeNull();
    expect(formatSize(-1)).toBeNull();
    expect(formatSize(Number.NaN)).toBeNull();
  });
});

describe('offerSize', () => {
  it('adds the sizes of all distributions and ignores unknown ones', () => {
    expect(offerSize(makeTestOffer({ sizes: [1024, null, 2048] }))).toBe(3072);
    expect(offerSize(makeTestOffer({ sizes: [0] }))).toBe(0);
  });
  it('is unknown when no distribution states a size', () => {
    expect(offerSize(makeTestOffer({ sizes: [null] }))).toBeNull();
    expect(offerSize(makeTestOffer({ sizes: [] }))).toBeNull();
  });
});
