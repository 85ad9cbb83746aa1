import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { jsonInSlices, jsonLengthInSlices } from './json-in-slices';

describe('jsonInSlices', () => {
  it('writes the same bytes as JSON.stringify, whatever order the arrays are named in', async () => {
    const value = {
      index: 0,
      rows: [[1, 'a'], [null, 'ü"\\'], []],
      data: Array.from({ length: 3000 }, (_, n) => ({
        id: n,
        title: `Offer ${n} ${'x'.repeat(n % 300)}`,
        at: new Date(n),
      })),
      features: [undefined, { type: 'Feature' }],
      after: { nested: [1, 2] },
      empty: [],
    };
    const streamed = await text(jsonInSlices(value, ['features', 'empty', 'data', 'rows']));
    expect(streamed).toBe(JSON.stringify(value));
  });

  it('leaves a key that holds no array as it is', async () => {
    const value = { data: null, total: 3 };
    expect(await text(jsonInSlices(value, ['data']))).toBe(JSON.stringify(value));
  });

  it('measures the length JSON.stringify would have, without writing it in one piece', async () => {
    const value = {
      rows: [['Köln', '€ 5', '😀']],
      features: Array.from({ length: 500 }, (_, n) => ({ n, s: 'ü'.repeat(n) })),
    };
    expect(await jsonLengthInSlices(value, ['rows', 'features'])).toBe(JSON.stringify(value).length);
  });
});
