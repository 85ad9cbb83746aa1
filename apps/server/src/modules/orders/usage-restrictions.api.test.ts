import type { TErrorResponse, TOfferTerms, TOrderListResponse } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { seedLicences } from '../catalogue/licence-catalogue';
import type { TOfferRecord } from '../catalogue/offer-record';
import { checkOut, insertOfferOf, sellFor, type TTestSupplier } from './orders-test-data';

/** An offer's geo restriction limits who may buy it; its terms are readable before purchase. */

const PUBLISHER: TTestSupplier = { id: 'https://dsm.example/agents/restricted', name: 'Alpen Daten' };
const AUSTRIAN = { country: 'AT', postalCode: '1010', city: 'Wien', vatId: '', iban: '', bic: '' };

let austriaOnly: TOfferRecord;
let anywhere: TOfferRecord;

const testApp = useTestApp();

beforeAll(async () => {
  const db = testApp.database.db;
  await seedLicences(db);
  austriaOnly = await insertOfferOf(db, PUBLISHER, {
    title: 'Vienna parking',
    price: 30,
    licence: 'http://dcat-ap.de/def/licenses/other-closed',
  });
  anywhere = await insertOfferOf(db, PUBLISHER, { title: 'Alpine passes', price: 5 });
  await sellFor(db, PUBLISHER);
  // As the wizard stores a geo and a time restriction.
  await db
    .updateTable('offers')
    .set({ geo_restriction: 'AT', time_restriction: 6, time_unit: 'Months' })
    .where('id', '=', austriaOnly.id)
    .execute();
});

function pay(who: TSignedIn, ...items: TOfferRecord[]) {
  return checkOut(testApp, who, items);
}

describe('checkout of a geo-restricted offer', () => {
  it('refuses an organisation outside the allowed countries with 403 naming the offer and the countries, and orders nothing', async () => {
    const german = await signIn(testApp);
    const answer = await pay(german, anywhere, austriaOnly);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('FORBIDDEN');
    expect(answer.body.message).toBe('"Vienna parking" may only be bought by organisations in AT; yours is in DE');
    expect(answer.body.issues).toEqual([{ path: 'body.purchasedItems.1.productId', message: answer.body.message }]);
    const orders = await requestAs<TOrderListResponse>(testApp, german, 'GET', '/api/orders');
    expect(orders.body.total).toBe(0);
  });

  it('sells to an organisation in an allowed country, and unrestricted offers to anyone', async () => {
    const austrian = await signIn(testApp, { organisation: AUSTRIAN });
    const answer = await pay(austrian, austriaOnly, anywhere);
    expect(answer.status).toBe(201);
    expect(answer.body.items.map((item) => item.title)).toEqual(['Vienna parking', 'Alpine passes']);
    expect((await pay(await signIn(testApp), anywhere)).status).toBe(201);
  });

  it('decides by the organisation as it is at checkout', async () => {
    const mover = await signIn(testApp);
    expect((await pay(mover, austriaOnly)).status).toBe(403);
    const { TEST_ORGANISATION } = await import('../../test/auth');
    const saved = await requestAs(testApp, mover, 'PUT', '/api/profile/organisation', {
      ...TEST_ORGANISATION,
      ...AUSTRIAN,
    });
    expect(saved.status).toBe(200);
    expect((await pay(mover, austriaOnly)).status).toBe(201);
  });
});

describe('GET /api/offers/{id}/terms', () => {
  it('states the licence (named as the endpoints table names it, not as a URI), the allowed countries and the period of use', async () => {
    const who = await signIn(testApp);
    const terms = await requestAs<TOfferTerms>(testApp, who, 'GET', `/api/offers/${austriaOnly.id}/terms`);
    expect(terms.status).toBe(200);
    expect(terms.body).toEqual({
      '@id': austriaOnly.id,
      title: 'Vienna parking',
      licence: 'http://dcat-ap.de/def/licenses/other-closed',
      licenceLabel: 'Andere geschlossene Lizenz (proprietär)',
      licenceUrl: 'http://dcat-ap.de/def/licenses/other-closed',
      allowedCountries: ['AT'],
      timeRestriction: { amount: 6, unit: 'Months' },
    });
    const open = await requestAs<TOfferTerms>(testApp, who, 'GET', `/api/offers/${anywhere.id}/terms`);
    expect(open.body).toMatchObject({
      licence: 'CC-BY-4.0',
      licenceLabel: 'Creative Commons Namensnennung 4.0 International',
      allowedCountries: [],
      timeRestriction: null,
    });
  });

  it('answers 404 for an unknown offer, 400 for a malformed id and 401 signed out', async () => {
    const who = await signIn(testApp);
    const get = (path: string, headers: Record<string, string> = who.headers) =>
      request<TErrorResponse>(testApp.baseUrl, 'GET', path, undefined, headers);
    expect((await get('/api/offers/00000000-0000-4000-8000-000000000000/terms')).status).toBe(404);
    expect((await get('/api/offers/not-an-id/terms')).status).toBe(400);
    expect((await get(`/api/offers/${anywhere.id}/terms`, {})).status).toBe(401);
  });
});
