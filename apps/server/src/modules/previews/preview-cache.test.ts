import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createPreviewCache, type TSourcePreview } from './preview-cache';

/** A GeoJSON preview as large as a source at PREVIEW_MAX_BYTES: 100 features of about 50 KB each. */
function largePreview(): TSourcePreview {
  const ring = Array.from({ length: 2000 }, (_, n) => [13.4 + n / 1e5, 52.5 + n / 1e5]);
  return {
    kind: 'geojson',
    format: 'GeoJSON',
    columns: [{ name: 'id', type: 'integer' }],
    rows: Array.from({ length: 100 }, (_, n) => [String(n)]),
    truncated: true,
    totalRowsRead: 101,
    features: Array.from({ length: 100 }, (_, n) => ({
      type: 'Feature' as const,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { id: n },
    })),
    fetchedAt: '2026-11-29T00:00:00.000Z',
  };
}

describe('createPreviewCache', () => {
  // The cache weighs a preview by the length of its JSON. Written with JSON.stringify in one piece, a preview as
  // large as its source held the event loop as long as sending it did; measured in slices, the loop keeps turning.
  it('weighs a large preview it keeps while the event loop keeps turning', async () => {
    const cache = createPreviewCache({ ttlMs: 60_000 });
    const preview = largePreview();
    let turns = 0;
    let isKeeping = true;
    const counting = (async () => {
      while (isKeeping) {
        await nextTurn();
        turns++;
      }
    })();
    const kept = await cache.get('GeoJSON https://source.example/a.geojson', async () => preview);
    isKeeping = false;
    await counting;
    expect(kept).toBe(preview);
    expect(turns).toBeGreaterThanOrEqual(5);
    // And it is kept: the next call does not read again.
    expect(
      await cache.get('GeoJSON https://source.example/a.geojson', () => Promise.reject(new Error('read again'))),
    ).toBe(preview);
  });
});
