import type { TCatalogueFormatsResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { makeOffer } from '../../../test/factories';
import { request, startTestApp, type TTestApp } from '../../../test/test-app';
import { insertOffer } from '../../catalogue/load-offers';
import { getCatalogueFormats } from './get-catalogue-formats';

let testApp: TTestApp;
let auth: Record<string, string>;

/** An offer whose distributions have these formats. */
function offerWith(formats: (string | null)[]) {
  const offer = makeOffer({ byteSizes: formats.map(() => 1) });
  offer.datasets[0]!.distributions.forEach((distribution, position) => {
    distribution.format = formats[position] ?? null;
  });
  return offer;
}

beforeAll(async () => {
  testApp = await startTestApp();
  auth = (await signIn(testApp)).headers;
  const db = testApp.database.db;
  // Two CSV distributions of one offer count once.
  for (const formats of [['CSV', 'CSV'], ['CSV', 'JSON'], ['JSON'], ['GeoJSON', null], ['CSV', '']]) {
    await insertOffer(db, offerWith(formats));
  }
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/search/formats', () => {
  it('counts the offers having each format, the most used first, leaving out distributions without one', async () => {
    const response = await request<TCatalogueFormatsResponse>(
      testApp.baseUrl,
      'GET',
      '/api/search/formats',
      undefined,
      auth,
    );
    expect(response.status).toBe(200);
    expect(response.body.formats).toEqual([
      { format: 'CSV', count: 3 },
      { format: 'JSON', count: 2 },
      { format: 'GeoJSON', count: 1 },
    ]);
  });

  it('serves the kept counts while stale and has fresh ones after the background read', async () => {
    const db = testApp.database.db;
    const start = Date.now();
    const before = await getCatalogueFormats(db, start);
    await insertOffer(db, offerWith(['XML']));
    expect(await getCatalogueFormats(db, start)).toEqual(before);
    // Stale: the old answer now, a new one read meanwhile.
    expect(await getCatalogueFormats(db, start + 6 * 60_000)).toEqual(before);
    await expect
      .poll(async () => (await getCatalogueFormats(db, Date.now())).formats.map((entry) => entry.format))
      .toContain('XML');
  });
});
