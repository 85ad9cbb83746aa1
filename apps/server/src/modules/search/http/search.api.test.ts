import {
  ErrorCode,
  type TErrorResponse,
  type TSearchCacheResponse,
  type TSearchResponse,
  ZSearchResponse,
} from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerTiming } from '../../../lib/server-timing';
import { signIn } from '../../../test/auth';
import { makeOffer } from '../../../test/factories';
import { request, startTestApp, type TTestApp } from '../../../test/test-app';
import { insertOffer } from '../../catalogue/load-offers';

let testApp: TTestApp;
let auth: Record<string, string>;

const ids = {
  titleMatch: '00000000-0000-4000-8000-000000000001',
  descriptionMatch: '00000000-0000-4000-8000-000000000002',
  keywordMatch: '00000000-0000-4000-8000-000000000003',
  germanStem: '00000000-0000-4000-8000-000000000004',
  accent: '00000000-0000-4000-8000-000000000005',
  phrase: '00000000-0000-4000-8000-000000000006',
  phraseScattered: '00000000-0000-4000-8000-000000000007',
  cheap: '00000000-0000-4000-8000-000000000008',
  pricey: '00000000-0000-4000-8000-000000000009',
  newest: '00000000-0000-4000-8000-00000000000a',
  groupCategory: '00000000-0000-4000-8000-00000000000b',
};

function search(body: unknown, query?: string) {
  const path = query === undefined ? '/api/search' : `/api/search?query=${encodeURIComponent(query)}`;
  return request<TSearchResponse & TErrorResponse>(testApp.baseUrl, 'POST', path, body, auth);
}

const page = (overrides: Record<string, unknown> = {}) => ({ index: 0, pageSize: 10, ...overrides });
const idsOf = (response: { body: TSearchResponse }) => response.body.data.map((offer) => offer['@id']);

beforeAll(async () => {
  testApp = await startTestApp();
  auth = (await signIn(testApp)).headers;
  const db = testApp.database.db;
  const offers = [
    makeOffer({
      id: ids.titleMatch,
      title: 'Groundwater levels of the Rhine valley',
      description: 'Monthly readings from wells.',
      keywords: ['hydrology'],
      categories: ['ENVIRONMENT'],
      modified: new Date('2020-01-01T00:00:00Z'),
    }),
    makeOffer({
      id: ids.descriptionMatch,
      title: 'Well readings',
      description: 'Contains groundwater measurements among many other things.',
      categories: ['ENVIRONMENT'],
      modified: new Date('2025-01-01T00:00:00Z'),
    }),
    makeOffer({
      id: ids.keywordMatch,
      title: 'Aquifer survey',
      description: 'Survey of aquifers.',
      keywords: ['groundwater'],
      categories: ['SCIENCE'],
      modified: new Date('2022-01-01T00:00:00Z'),
    }),
    makeOffer({
      id: ids.germanStem,
      title: 'Luftqualitätsmessungen in Leipzig',
      description: 'Stündliche Messungen der Luftqualität an Verkehrsstationen.',
      language: 'de',
      keywords: ['Luft', 'Feinstaub'],
      categories: ['ENVIRONMENT'],
    }),
    makeOffer({
      id: ids.accent,
      title: 'Fahrradzählstellen Köln',
      description: 'Zählungen des Radverkehrs an Dauerzählstellen.',
      language: 'de',
      keywords: ['Radverkehr'],
      categories: ['TRANSPORT'],
    }),
    makeOffer({
      id: ids.phrase,
      title: 'Open data portal statistics',
      description: 'Usage numbers of an open data portal.',
      categories: ['GOVERNMENT_AND_PUBLIC_SECTOR'],
    }),
    makeOffer({
      id: ids.phraseScattered,
      title: 'Data on open-air swimming pools',
      description: 'Which pools are open, with data on visitors.',
      categories: ['POPULATION_AND_SOCIETY'],
    }),
    makeOffer({
      id: ids.cheap,
      title: 'Parking occupancy feed',
      paymentModel: 'PAY_PER_USE_DOWNLOAD',
      price: 10,
      isSellable: true,
      keywords: ['parking'],
      categories: ['TRANSPORT'],
    }),
    makeOffer({
      id: ids.pricey,
      title: 'Parking occupancy history',
      paymentModel: 'SUBSCRIPTION_BASED',
      price: 20.5,
      isSellable: true,
      keywords: ['parking'],
      categories: ['TRANSPORT'],
    }),
    makeOffer({
      id: ids.newest,
      title: 'Timetable changes',
      categories: ['TRANSPORT'],
      modified: new Date('2026-06-01T00:00:00Z'),
      byteSizes: [1024, 2048, null],
    }),
    makeOffer({
      id: ids.groupCategory,
      title: 'Court decisions register',
      categories: ['JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY'],
    }),
  ];
  for (const offer of offers) await insertOffer(db, offer);
  await sql`analyze`.execute(db);
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/search: ranking and text', () => {
  it('answers in the contract shape, items in the JSON-LD-like offer form', async () => {
    const response = await search(page(), 'groundwater');
    expect(response.status).toBe(200);
    expect(() => ZSearchResponse.parse(response.body)).not.toThrow();
    const first = response.body.data[0];
    expect(first?.description['@value']).toBe('Monthly readings from wells.');
    expect(first?.datasets[0]?.['dcterms:publisher']['foaf:name']).toBe('Test Publisher GmbH');
    expect(first?.datasets[0]?.['dcat:distribution'][0]?.['dcat:accessURL']).toContain('https://data.example.org/');
  });

  it('ranks a title match above a keyword match above a description match, whatever the dates', async () => {
    const response = await search(page(), 'groundwater');
    expect(idsOf(response)).toEqual([ids.titleMatch, ids.keywordMatch, ids.descriptionMatch]);
    expect(response.body.total).toBe(3);
  });

  it('finds German words by their stem', async () => {
    const response = await search(page(), 'Messung');
    expect(idsOf(response)).toContain(ids.germanStem);
  });

  it('finds English words by their stem', async () => {
    const response = await search(page(), 'reading');
    expect(idsOf(response)).toEqual(expect.arrayContaining([ids.titleMatch, ids.descriptionMatch]));
  });

  it('ignores accents in the query and in the documents', async () => {
    expect(idsOf(await search(page(), 'Koln'))).toEqual([ids.accent]);
    expect(idsOf(await search(page(), 'KÖLN'))).toEqual([ids.accent]);
  });

  it('keeps a quoted phrase together', async () => {
    const phrase = await search(page(), '"open data"');
    expect(idsOf(phrase)).toEqual([ids.phrase]);
    const loose = await search(page(), 'open|data');
    expect(idsOf(loose)).toEqual(expect.arrayContaining([ids.phrase, ids.phraseScattered]));
  });

  it('requires every term', async () => {
    expect(idsOf(await search(page(), 'parking|history'))).toEqual([ids.pricey]);
  });

  it('lists the complete catalogue newest first for an empty query', async () => {
    const response = await search(page());
    expect(response.body.total).toBe(11);
    expect(idsOf(response)[0]).toBe(ids.newest);
    const empty = await search(page(), '');
    expect(idsOf(empty)).toEqual(idsOf(response));
  });

  it('lists everything for text without a searchable word, and answers no match with an empty page', async () => {
    const response = await search(page(), '!!!|...');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(11);
    const stopWord = await search(page(), 'the');
    expect(stopWord.status).toBe(200);
    const nothing = await search(page(), 'zzzunknownword');
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ total: 0, data: [] });
  });

  it('names where the time of a search went in its Server-Timing header, for operators', async () => {
    const response = await search(page(), 'groundwater');
    const stages = parseServerTiming(response.headers.get('server-timing')).map((stage) => stage.name);
    expect(stages).toEqual(
      expect.arrayContaining(['token', 'parse', 'engine', 'hydrate', 'entitle', 'present', 'json']),
    );
    expect(stages.some((name) => name.startsWith('engine-'))).toBe(true);
  });

  it('shows a like on the next search, although the offers of a search are kept in memory for a while', async () => {
    const before = (await search(page(), 'parking|history')).body.data[0]?.likes ?? 0;
    const liked = await request(testApp.baseUrl, 'POST', `/api/metadata/like?uuid=${ids.pricey}`, undefined, auth);
    expect(liked.status).toBe(200);
    expect((await search(page(), 'parking|history')).body.data[0]?.likes).toBe(before + 1);
  });

  it('reports each distribution size in bytes', async () => {
    const response = await search(page(), 'timetable');
    const sizes = response.body.data[0]?.datasets[0]?.['dcat:distribution'].map((d) => d['dcat:byteSize']);
    expect(sizes).toEqual([1024, 2048, null]);
  });
});

describe('POST /api/search: filters', () => {
  it('filters by category', async () => {
    const response = await search(page({ filter: { categories: ['SCIENCE'] } }));
    expect(idsOf(response)).toEqual([ids.keywordMatch]);
  });

  it('treats a home-page topic as its group of wizard categories', async () => {
    const response = await search(page({ filter: { categories: ['LAW'] } }));
    expect(idsOf(response)).toEqual([ids.groupCategory]);
  });

  it('filters by keyword', async () => {
    const response = await search(page({ filter: { keywords: ['parking'] } }));
    expect(new Set(idsOf(response))).toEqual(new Set([ids.cheap, ids.pricey]));
  });

  it('filters by an inclusive price range', async () => {
    expect(idsOf(await search(page({ filter: { minPrice: 10, maxPrice: 10 } })))).toEqual([ids.cheap]);
    expect(idsOf(await search(page({ filter: { minPrice: 10.01 } })))).toEqual([ids.pricey]);
    const upToTen = await search(page({ pageSize: 100, filter: { maxPrice: 10 } }));
    expect(idsOf(upToTen)).not.toContain(ids.pricey);
    expect(upToTen.body.total).toBe(10);
  });

  it('combines text and filters', async () => {
    const response = await search(
      page({ filter: { categories: ['ENVIRONMENT'], keywords: ['hydrology'] } }),
      'groundwater',
    );
    expect(idsOf(response)).toEqual([ids.titleMatch]);
  });
});

describe('POST /api/search: paging and the result cap', () => {
  let capApp: TTestApp;
  let capAuth: Record<string, string>;

  beforeAll(async () => {
    capApp = await startTestApp();
    capAuth = (await signIn(capApp)).headers;
    // Bare offers are enough to test counting; 10,050 of them put the total over the cap.
    await sql`
      insert into offers (id, title, description, language, categories, modified)
      select gen_random_uuid(), 'Sensor reading ' || g, 'Reading number ' || g, 'en', '{SCIENCE}',
             timestamptz '2020-01-01' + g * interval '1 minute'
      from generate_series(1, 10050) g`.execute(capApp.database.db);
    await sql`analyze offers`.execute(capApp.database.db);
  });

  afterAll(async () => {
    await capApp?.close();
  });

  const capSearch = (body: unknown, query?: string) =>
    request<TSearchResponse & TErrorResponse>(
      capApp.baseUrl,
      'POST',
      query === undefined ? '/api/search' : `/api/search?query=${encodeURIComponent(query)}`,
      body,
      capAuth,
    );

  it('counts only up to 10000 and says the total is capped', async () => {
    const response = await capSearch(page(), 'sensor');
    expect(response.body.total).toBe(10000);
    expect(response.body.isTotalCapped).toBe(true);
    const all = await capSearch(page());
    expect(all.body).toMatchObject({ total: 10000, isTotalCapped: true });
  });

  it('serves each allowed page size and the last page before the cap', async () => {
    for (const pageSize of [10, 100, 1000]) {
      const response = await capSearch({ index: 0, pageSize });
      expect(response.status).toBe(200);
      expect(response.body.data).toHaveLength(pageSize);
    }
    const last = await capSearch({ index: 9, pageSize: 1000 });
    expect(last.status).toBe(200);
    expect(last.body.data).toHaveLength(1000);
  });

  it('writes a page of 1,000 offers in slices (serialised in one piece, it held the event loop for 170-550 ms)', async () => {
    const response = await fetch(`${capApp.baseUrl}/api/search`, {
      method: 'POST',
      headers: { ...capAuth, 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ index: 0, pageSize: 1000 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Sent as it is written: the length is not known ahead, unlike a body serialised whole.
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const body = (await response.json()) as TSearchResponse;
    expect(body).toMatchObject({ index: 0, pageSize: 1000, total: 10000, isTotalCapped: true });
    expect(body.data).toHaveLength(1000);
  });

  it('pages without overlap', async () => {
    const first = await capSearch({ index: 0, pageSize: 10 });
    const second = await capSearch({ index: 1, pageSize: 10 });
    const overlap = idsOf(first).filter((id) => idsOf(second).includes(id));
    expect(overlap).toEqual([]);
    expect(idsOf(first)[0]).not.toBe(idsOf(second)[0]);
  });

  it('rejects a page that starts at or beyond the cap', async () => {
    const response = await capSearch({ index: 10, pageSize: 1000 });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.issues?.[0]?.path).toBe('body.index');
  });
});

describe('POST /api/search: bad input answers 400 naming the field', () => {
  const cases: [string, unknown, string | undefined, string][] = [
    ['a string index', { index: '0', pageSize: 10 }, undefined, 'body.index'],
    ['a negative index', { index: -1, pageSize: 10 }, undefined, 'body.index'],
    ['a fractional index', { index: 1.5, pageSize: 10 }, undefined, 'body.index'],
    ['a page size outside 10/100/1000', { index: 0, pageSize: 50 }, undefined, 'body.pageSize'],
    ['a missing page size', { index: 0 }, undefined, 'body.pageSize'],
    ['minPrice above maxPrice', page({ filter: { minPrice: 5, maxPrice: 1 } }), undefined, 'body.filter.minPrice'],
    ['a negative price', page({ filter: { maxPrice: -1 } }), undefined, 'body.filter.maxPrice'],
    ['a price as text', page({ filter: { minPrice: 'cheap' } }), undefined, 'body.filter.minPrice'],
    ['categories not a list', page({ filter: { categories: 'LAW' } }), undefined, 'body.filter.categories'],
    ['an unknown filter field', page({ filter: { colour: 'red' } }), undefined, 'body.filter'],
    ['more than 20 terms', page(), Array.from({ length: 21 }, (_, i) => `t${i}`).join('|'), 'querystring.query'],
    ['2000 characters', page(), 'x'.repeat(2000), 'querystring.query'],
    ['a NUL in the query', page(), 'ground\u0000water', 'querystring.query'],
    ['a control character in the query', page(), 'bell\u0007', 'querystring.query'],
    ['a NUL in a category', page({ filter: { categories: ['LAW\u0000'] } }), undefined, 'body.filter.categories.0'],
    ['a NUL in a keyword', page({ filter: { keywords: ['\u0000'] } }), undefined, 'body.filter.keywords.0'],
  ];

  it.each(cases)('%s', async (_name, body, query, path) => {
    const response = await search(body, query);
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.issues?.map((issue) => issue.path)).toContain(path);
    expect(response.body.message).toContain(path);
  });

  it('accepts exactly 20 terms and 1999 characters', async () => {
    const twenty = await search(page(), Array.from({ length: 20 }, (_, i) => `t${i}`).join('|'));
    expect(twenty.status).toBe(200);
    const long = await search(page(), 'x'.repeat(1999));
    expect(long.status).toBe(200);
  });

  it('answers malformed JSON with 400 and a wrong content type with 415', async () => {
    const malformed = await search('{"index": 0,');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe(ErrorCode.MALFORMED_BODY);
    const response = await fetch(`${testApp.baseUrl}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', ...auth },
      body: '<index>0</index>',
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as TErrorResponse).code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('answers an oversized body with 413', async () => {
    const response = await search({ index: 0, pageSize: 10, filter: { keywords: ['x'.repeat(2 * 1024 * 1024)] } });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('answers characters that are tsquery syntax as plain text', async () => {
    for (const query of ['a & b', '!(x)', "'", '\\', 'a:*', '<->', '"unbalanced']) {
      const response = await search(page(), query);
      expect(response.status, query).toBe(200);
    }
  });
});

describe('GET /api/search/cache', () => {
  it('lists the keywords and categories in use', async () => {
    const response = await request<TSearchCacheResponse>(testApp.baseUrl, 'GET', '/api/search/cache', undefined, auth);
    expect(response.status).toBe(200);
    expect(response.body.keywords).toEqual(expect.arrayContaining(['parking', 'groundwater', 'hydrology']));
    expect(response.body.keywords[0]).toBe('parking');
    expect(response.body.categories).toEqual(expect.arrayContaining(['ENVIRONMENT', 'TRANSPORT', 'SCIENCE']));
    expect(response.body.categories[0]).toBe('TRANSPORT');
  });
});

describe('other routes', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const response = await request<TErrorResponse>(testApp.baseUrl, 'GET', '/api/nothing-here', undefined, auth);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: ErrorCode.NOT_FOUND });
  });

  it('serves the OpenAPI document with the search contract', async () => {
    const response = await request<{ paths: Record<string, unknown> }>(testApp.baseUrl, 'GET', '/api/docs/json');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/search', '/api/search/cache']));
  });

  it('reports health and readiness', async () => {
    expect((await request(testApp.baseUrl, 'GET', '/healthz')).status).toBe(200);
    expect((await request(testApp.baseUrl, 'GET', '/readyz')).status).toBe(200);
  });
});
