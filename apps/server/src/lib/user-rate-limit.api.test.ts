import { ZErrorResponse } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { insertOfferOf, itemOf, SUPPLIER_A, sellFor } from '../modules/orders/orders-test-data';
import { signIn, type TSignedIn } from '../test/auth';
import { useTestApp } from '../test/lifecycle';
import { request, startTestApp } from '../test/test-app';

const SEARCH = { index: 0, pageSize: 10 };

let first: TSignedIn;
let second: TSignedIn;

const testApp = useTestApp({ SEARCH_RATE_LIMIT: '3', ORDER_RATE_LIMIT: '2' });

beforeAll(async () => {
  [first, second] = await Promise.all([signIn(testApp), signIn(testApp)]);
});

function search(who: TSignedIn) {
  return request(testApp.baseUrl, 'POST', '/api/search?query=daten', SEARCH, who.headers);
}

describe('search rate limit', () => {
  it('answers 429 with Retry-After and the common error body once a user is over the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await search(first)).status).toBe(200);
    const refused = await search(first);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = ZErrorResponse.parse(refused.body);
    expect(body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(body.message).toMatch(/searches/);
  });

  it('counts each user on their own', async () => {
    expect((await search(second)).status).toBe(200);
  });
});

describe('across server processes', () => {
  it('counts a user once on two apps of one database: the fourth search across both is refused', async () => {
    // A second server process behind the same load balancer: same database, same PUBLIC_URL (so the same issuer).
    const other = await startTestApp(
      { PUBLIC_URL: testApp.baseUrl, SEARCH_RATE_LIMIT: '3' },
      { database: testApp.database },
    );
    try {
      const user = await signIn(testApp);
      const through = (app: { baseUrl: string }) =>
        request(app.baseUrl, 'POST', '/api/search?query=daten', SEARCH, user.headers);
      expect((await through(testApp)).status).toBe(200);
      expect((await through(other)).status).toBe(200);
      expect((await through(testApp)).status).toBe(200);
      const refused = await through(other);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(ZErrorResponse.parse(refused.body)).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expect((await through(testApp)).status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('order rate limit', () => {
  it('answers 429 to a user who places too many orders in a minute', async () => {
    const buyer = await signIn(testApp);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const offer = await insertOfferOf(testApp.database.db, SUPPLIER_A, { title: `Rate ${i}`, price: 1 });
      await sellFor(testApp.database.db, SUPPLIER_A);
      const placed = await request(
        testApp.baseUrl,
        'POST',
        '/idp-service/payment',
        { consumerId: buyer.user.id, purchasedItems: [itemOf(offer)] },
        buyer.headers,
      );
      statuses.push(placed.status);
      if (placed.status === 429) {
        expect(placed.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(ZErrorResponse.parse(placed.body).code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('settings', () => {
  it('defaults to limits a person never reaches, and 0 turns them off', async () => {
    expect(loadConfig({}).rateLimits).toEqual({ searchPerMinute: 600, ordersPerMinute: 30 });
    const unlimited = await startTestApp({ SEARCH_RATE_LIMIT: '0' }, { database: testApp.database });
    try {
      const user = await signIn(unlimited);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          request(unlimited.baseUrl, 'POST', '/api/search?query=daten', SEARCH, user.headers),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    } finally {
      await unlimited.close();
    }
  });
});
