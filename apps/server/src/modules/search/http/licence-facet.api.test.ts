import type { TSearchResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { makeOffer } from '../../../test/factories';
import { request, startTestApp, type TTestApp } from '../../../test/test-app';
import { seedLicences } from '../../catalogue/licence-catalogue';
import { insertOffers } from '../../catalogue/load-offers';

let testApp: TTestApp;
let auth: Record<string, string>;

/** Sends the word every offer of these tests has, and a body. */
function search(body: Record<string, unknown> = {}) {
  return request<TSearchResponse>(
    testApp.baseUrl,
    'POST',
    '/api/search?query=licfacet',
    { index: 0, pageSize: 10, ...body },
    auth,
  );
}

const CLOSED = 'Andere geschlossene Lizenz (proprietär)';
const CC_BY = 'Creative Commons Namensnennung 4.0 International';

beforeAll(async () => {
  testApp = await startTestApp();
  auth = (await signIn(testApp)).headers;
  await seedLicences(testApp.database.db);
  const offer = (title: string, licence: string) =>
    makeOffer({ title: `${title} licfacet`, description: 'Licence facet test offer.', licence });
  // The spellings publishers write: a vocabulary URI, an id, an alternative name, and a text no licence has.
  await insertOffers(testApp.database.db, [
    offer('Closed by URI', 'http://dcat-ap.de/def/licenses/other-closed'),
    offer('Closed by name', 'Proprietary'),
    offer('Open by id', 'CC-BY-4.0'),
    offer('Open by URL', 'https://creativecommons.org/licenses/by/4.0/'),
    offer('Own terms', 'Our own terms of use'),
  ]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('the licence facet', () => {
  it('names licences by their labels, as the offer page does, never by the URI or id a publisher wrote', async () => {
    const { facets } = (await search()).body;
    expect(facets.licences).toEqual(
      expect.arrayContaining([
        { value: CLOSED, count: 2 },
        { value: CC_BY, count: 2 },
        { value: 'n/a', count: 1 },
      ]),
    );
    expect(facets.licences).toHaveLength(3);
  });

  it('finds as many offers as a label counts when filtered by it', async () => {
    const filtered = await search({ filter: { licences: [CLOSED] } });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((offer) => offer.title).sort()).toEqual([
      'Closed by URI licfacet',
      'Closed by name licfacet',
    ]);
  });
});
