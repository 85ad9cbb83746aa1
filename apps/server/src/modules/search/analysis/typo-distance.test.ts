import { describe, expect, it } from 'vitest';
import { typoDistance } from './typo-distance';

describe('typoDistance', () => {
  it('counts insertions, deletions, replacements and neighbour swaps as one typo each', () => {
    expect(typoDistance('street', 'street', 2)).toBe(0);
    expect(typoDistance('street', 'streets', 2)).toBe(1);
    expect(typoDistance('street', 'stret', 2)).toBe(1);
    expect(typoDistance('street', 'strewt', 2)).toBe(1);
    expect(typoDistance('street', 'srteet', 2)).toBe(1);
    expect(typoDistance('congressional', 'congerssional', 2)).toBe(1);
    expect(typoDistance('vaccination', 'vacinatoin', 2)).toBe(2);
  });

  it('stops at the limit', () => {
    expect(typoDistance('street', 'county', 1)).toBe(2);
    expect(typoDistance('abc', 'abcdef', 2)).toBe(3);
  });
});
