import { encodePublisherId, type TPublisher, type TSearchResponse } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { makeOffer, makeOfferInput } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { seedLicences } from '../catalogue/licence-catalogue';
import { insertOffer } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';

type TError = { statusCode: number; code: string; message: string };

const testApp = useTestApp();
let visitor: TSignedIn;
let supplier: TSignedIn;
let supplierAgentId: string;

/** An IRI with every character a path segment cannot carry as it is. */
const HARBOUR = 'https://data.example.org/org/hafen amt?lang=de#Hafenbehörde';

function offerOf(publisher: TOfferRecord['datasets'][number]['publisher'], overrides: Parameters<typeof makeOffer>[0]) {
  const offer = makeOffer(overrides);
  offer.datasets[0]!.publisher = publisher;
  return offer;
}

const getPublisher = (id: string) => requestAs<TPublisher & TError>(testApp, visitor, 'GET', `/api/publishers/${id}`);

beforeAll(async () => {
  [visitor, supplier] = await Promise.all([
    signIn(testApp, { email: 'visitor@example.org' }),
    signIn(testApp, { email: 'seller@example.org', name: 'Seller Person' }),
  ]);
  const db = testApp.database.db;
  await seedLicences(db);
  const harbour = { id: HARBOUR, type: 'foaf:Organization' as const, name: 'Hafenbehörde Hamburg' };
  for (let n = 0; n < 12; n++) {
    await insertOffer(
      db,
      offerOf(harbour, {
        title: `Harbour gauge ${n}`,
        country: n === 11 ? 'NL' : 'DE',
        modified: new Date(Date.UTC(2024, 0, n + 1)),
      }),
    );
  }
  await insertOffer(db, makeOffer({ title: 'Another publisher' }));
  const published = await request<{ '@id': string }>(
    testApp.baseUrl,
    'POST',
    '/api/offers',
    makeOfferInput('Sold by an organisation'),
    supplier.headers,
  );
  expect({ status: published.status, body: published.body }).toMatchObject({ status: 201 });
  const metadata = await requestAs<{ datasets: { 'dcterms:publisher': { '@id': string } }[] }>(
    testApp,
    visitor,
    'GET',
    `/api/metadata/${published.body['@id']}`,
  );
  supplierAgentId = metadata.body.datasets[0]!['dcterms:publisher']['@id'];
  await testApp.app.searchIndex.refresh();
}, 60_000);

describe('GET /api/publishers/{id}', () => {
  it("answers an imported publisher's name, the country of its newest offer and its offer count", async () => {
    const response = await getPublisher(encodePublisherId(HARBOUR));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      '@id': HARBOUR,
      id: encodePublisherId(HARBOUR),
      type: 'foaf:Organization',
      name: 'Hafenbehörde Hamburg',
      searchName: 'Hafenbehörde Hamburg',
      country: 'NL',
      city: null,
      offerCount: 12,
      isOfferCountCapped: false,
    });
    expect(encodePublisherId(HARBOUR)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('names a publisher that sells through the marketplace by its organisation, with city and country', async () => {
    const response = await getPublisher(encodePublisherId(supplierAgentId));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      '@id': supplierAgentId,
      name: 'Prüf Daten GmbH',
      city: 'Düsseldorf',
      country: 'DE',
      offerCount: 1,
    });
  });

  it("pages the publisher's offers through the search API's publisher filter, never another publisher's", async () => {
    const publisher = (await getPublisher(encodePublisherId(HARBOUR))).body;
    const page = (index: number) =>
      request<TSearchResponse>(
        testApp.baseUrl,
        'POST',
        '/api/search',
        { index, pageSize: 10, sort: 'newest', filter: { publishers: [publisher.searchName] } },
        visitor.headers,
      );
    const [first, second] = await Promise.all([page(0), page(1)]);
    expect(first.body.total).toBe(12);
    expect(first.body.data.map((offer) => offer.title)).toEqual(
      Array.from({ length: 10 }, (_, n) => `Harbour gauge ${11 - n}`),
    );
    expect(second.body.data.map((offer) => offer.title)).toEqual(['Harbour gauge 1', 'Harbour gauge 0']);
    for (const offer of [...first.body.data, ...second.body.data]) {
      expect(offer.datasets[0]!['dcterms:publisher']['@id']).toBe(HARBOUR);
    }
  });

  it('is 404 with a JSON body for an id no publisher has', async () => {
    const response = await getPublisher(encodePublisherId('https://nobody.example.org/agent'));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'No publisher has this id' });
  });

  it('is 400 naming the id for text that is not an encoded IRI', async () => {
    for (const id of [
      'abc%2Fdef',
      'a',
      'aGVsbG8=',
      `${encodePublisherId(HARBOUR)}x`.replace(/.$/, '*'),
      'x'.repeat(3000),
    ]) {
      const response = await getPublisher(id);
      expect({ id, status: response.status, code: response.body.code }).toEqual({
        id,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  });
});
