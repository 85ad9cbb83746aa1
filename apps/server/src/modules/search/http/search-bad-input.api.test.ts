import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { makeOffer } from '../../../test/factories';
import { request, startTestApp, type TTestApp } from '../../../test/test-app';
import { insertOffers } from '../../catalogue/load-offers';

let testApp: TTestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  testApp = await startTestApp();
  auth = (await signIn(testApp)).headers;
  await insertOffers(testApp.database.db, [makeOffer({ title: 'Groundwater levels' })]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('bad input to search and suggestions', () => {
  it('answers broken Unicode in the terms and the prefix with a 4xx naming it, never a 500', async () => {
    const lone = '%ED%A0%80';
    for (const path of [`/api/search?query=ground${lone}water`, `/api/search/suggest?prefix=ground${lone}`]) {
      const method = path.startsWith('/api/search?') ? 'POST' : 'GET';
      const body = method === 'POST' ? { index: 0, pageSize: 10 } : undefined;
      const response = await request<{ message?: string }>(testApp.baseUrl, method, path, body, auth);
      expect(response.status, path).toBeGreaterThanOrEqual(200);
      expect(response.status, path).toBeLessThan(500);
    }
    // A lone surrogate only JSON can carry, in a filter value.
    const lonely = await request(
      testApp.baseUrl,
      'POST',
      '/api/search?query=water',
      '{"index":0,"pageSize":10,"filter":{"keywords":["\\ud800x"],"publishers":["\\udfff"]}}',
      auth,
    );
    expect(lonely.status).toBeLessThan(500);
  });

  it('answers eight identical searches and suggestions sent at once alike', async () => {
    const searches = await Promise.all(
      Array.from({ length: 8 }, () =>
        request<{ total: number }>(
          testApp.baseUrl,
          'POST',
          '/api/search?query=groundwatr',
          { index: 0, pageSize: 10, filter: { formats: ['CSV'] } },
          auth,
        ),
      ),
    );
    expect(new Set(searches.map((response) => `${response.status}:${response.body.total}`)).size).toBe(1);
    expect(searches[0]?.status).toBe(200);
    const suggestions = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(testApp.baseUrl, 'GET', '/api/search/suggest?prefix=groundw', undefined, auth),
      ),
    );
    expect(suggestions.every((response) => response.status === 200)).toBe(true);
  });

  it('refuses a filter value of the wrong kind with a message naming it', async () => {
    const response = await request<{ message: string }>(
      testApp.baseUrl,
      'POST',
      '/api/search?query=water',
      { index: 0, pageSize: 10, filter: { paymentModels: ['GRATIS'] } },
      auth,
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('paymentModels');
  });

  it('finds by the terms of the body as by the query parameter, and refuses terms given both ways or too many', async () => {
    const search = (path: string, body: object) =>
      request<{ total: number; data: { title: string }[]; message?: string }>(
        testApp.baseUrl,
        'POST',
        path,
        body,
        auth,
      );
    const byParameter = await search('/api/search?query=%20groundwater%20|levels', { index: 0, pageSize: 10 });
    const byBody = await search('/api/search', { terms: [' groundwater ', 'levels', ''], index: 0, pageSize: 10 });
    expect(byParameter.status).toBe(200);
    expect(byBody.status).toBe(200);
    expect(byBody.body.data.map((offer) => offer.title)).toEqual(['Groundwater levels']);
    expect(byBody.body).toEqual(byParameter.body);
    const none = await search('/api/search', { terms: ['snowfall'], index: 0, pageSize: 10 });
    expect(none.body.total).toBe(0);

    const both = await search('/api/search?query=water', { terms: ['water'], index: 0, pageSize: 10 });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('once');
    const many = await search('/api/search', {
      terms: Array.from({ length: 21 }, (_, i) => `w${i}`),
      index: 0,
      pageSize: 10,
    });
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.body)).toContain('terms');
    const long = await search('/api/search', { terms: ['x'.repeat(2000)], index: 0, pageSize: 10 });
    expect(long.status).toBe(400);
  });
});
