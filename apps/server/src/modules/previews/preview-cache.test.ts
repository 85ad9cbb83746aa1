import { describe, expect, it } from 'vitest';
import { createPreviewCache } from './preview-cache';

describe('createPreviewCache', () => {
  // Previews are kept as the bytes of their JSON, weighed by those bytes: a preview larger than the cache's room
  // is served once and read again next time, while smaller ones are kept.
  it('keeps previews within its bytes and reads one larger than them again', async () => {
    const cache = createPreviewCache({ ttlMs: 60_000, maxBytes: 100 });
    let reads = 0;
    const read = (bytes: number) => async () => {
      reads++;
      return Buffer.alloc(bytes, 0x20);
    };
    expect((await cache.get('small', read(99))).byteLength).toBe(99);
    expect((await cache.get('small', read(99))).byteLength).toBe(99);
    expect(reads).toBe(1);
    expect((await cache.get('large', read(101))).byteLength).toBe(101);
    await cache.get('large', read(101));
    expect(reads).toBe(3);
  });
});
