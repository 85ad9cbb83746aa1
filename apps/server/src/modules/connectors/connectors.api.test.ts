import { type DemoSandboxes, type Sandbox, startDemoSandboxes, startSandbox } from '@dsm/connector-sandbox';
import {
  ErrorCode,
  type TConnectorListResponse,
  type TConnectorOfferListResponse,
  type TConnectorOfferUploadResponse,
  type TErrorResponse,
  type TSearchResponse,
  ZConnectorListResponse,
  ZConnectorOfferListResponse,
  ZConnectorOfferUploadResponse,
  ZErrorResponse,
} from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../db/embedded-postgres';
import { signIn } from '../../test/auth';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { catalogueOfferId } from './connector-offer-record';
import { insertConnector, upsertSandboxConnector } from './connector-repository';

const API_KEY = 'connectors-api-test-key';

let testApp: TTestApp;
let auth: Record<string, string>;
let sandboxes: DemoSandboxes;
let guarded: Sandbox;
/** Closed as soon as it is known, so nothing answers there. */
let offlineUrl: string;

type TBody<T> = T & TErrorResponse;

const get = <T>(path: string, headers = auth) => request<TBody<T>>(testApp.baseUrl, 'GET', path, undefined, headers);
const upload = (body: unknown, headers = auth) =>
  request<TBody<TConnectorOfferUploadResponse>>(testApp.baseUrl, 'POST', '/api/metadata', body, headers);

/** Asserts the shared error shape and returns the message. */
function expectError(response: { status: number; body: unknown }, status: number, code: string): string {
  expect(response.status).toBe(status);
  const body = ZErrorResponse.parse(response.body);
  expect(body).toMatchObject({ statusCode: status, code });
  return body.message;
}

beforeAll(async () => {
  [testApp, sandboxes, guarded] = await Promise.all([
    startTestApp(),
    startDemoSandboxes({ apiKey: API_KEY }),
    startSandbox({ basePath: '/wrong-key', apiKey: 'the-real-key' }),
  ]);
  auth = (await signIn(testApp)).headers;
  const db = testApp.database.db;
  await upsertSandboxConnector(db, { name: 'Provider sandbox', url: sandboxes.provider.url, apiKey: API_KEY });
  await upsertSandboxConnector(db, { name: 'Consumer sandbox', url: sandboxes.consumer.url, apiKey: API_KEY });
  offlineUrl = `http://127.0.0.1:${await findFreePort()}/offline`;
  await insertConnector(db, { name: 'Offline connector', url: offlineUrl, apiKey: null });
  await insertConnector(db, { name: 'Wrong key connector', url: guarded.url, apiKey: 'not-the-key' });
  // A server that answers, but not as a connector: the provider's port without its base path.
  await insertConnector(db, {
    name: 'Not a connector',
    url: `${sandboxes.provider.url.replace(/\/provider$/, '')}/elsewhere`,
    apiKey: API_KEY,
  });
});

afterAll(async () => {
  await Promise.all([testApp?.close(), sandboxes?.close(), guarded?.close()]);
});

describe('GET /api/connectors', () => {
  it('lists the registered connectors by name as dtos of name and url, never the API key', async () => {
    const response = await get<TConnectorListResponse>('/api/connectors');
    expect(response.status).toBe(200);
    expect(ZConnectorListResponse.parse(response.body).dtos).toEqual([
      { name: 'Consumer sandbox', url: sandboxes.consumer.url },
      { name: 'Not a connector', url: `${sandboxes.provider.url.replace(/\/provider$/, '')}/elsewhere` },
      { name: 'Offline connector', url: offlineUrl },
      { name: 'Provider sandbox', url: sandboxes.provider.url },
      { name: 'Wrong key connector', url: guarded.url },
    ]);
    expect(JSON.stringify(response.body)).not.toContain(API_KEY);
  });

  it('needs a signed-in caller', async () => {
    expectError(await get('/api/connectors', {}), 401, ErrorCode.UNAUTHORIZED);
  });
});

describe('GET /api/connectors/:connectorId/offers', () => {
  it("maps the provider's contract definitions to offers over real HTTP", async () => {
    const response = await get<TConnectorOfferListResponse>('/api/connectors/provider/offers');
    expect(response.status).toBe(200);
    const { connector, offers } = ZConnectorOfferListResponse.parse(response.body);
    expect(connector).toEqual({ id: 'provider', name: 'Provider sandbox', url: sandboxes.provider.url });
    expect(offers.map((offer) => offer.id)).toEqual([
      'complete-sample-catalogue',
      'mobility-research',
      'open-weather-data',
    ]);
    const mobility = offers.find((offer) => offer.id === 'mobility-research')!;
    expect(mobility).toMatchObject({
      name: 'Air quality Leipzig, Bicycle counts Cologne',
      accessType: 'DATA',
      contentType: 'DIRECT',
      assets: [
        {
          id: 'air-quality-leipzig',
          name: 'Air quality Leipzig',
          type: 'text/csv',
          connectionType: 'InlineData',
          baseUrl: null,
        },
        {
          id: 'bicycle-counts-cologne',
          name: 'Bicycle counts Cologne',
          type: 'application/json',
          connectionType: 'HttpData',
          baseUrl: 'https://data.example.org/mobility/bicycle-counts-cologne.json',
        },
      ],
      accessPolicies: [
        { definitionId: 'members-only', name: 'members-only', description: 'Permits use when membership eq active.' },
      ],
      contractPolicies: [
        {
          definitionId: 'research-only',
          name: 'research-only',
          description: 'Permits use when purpose eq research; prohibits distribute.',
          prohibitions: [{ action: 'distribute', constraints: [] }],
        },
      ],
    });
    expect(mobility.contractPolicies[0]!.createdAt).toBeGreaterThan(0);
    // An empty assets selector chooses every asset.
    expect(offers[0]!.assets.map((asset) => asset.id)).toEqual([
      'air-quality-leipzig',
      'bicycle-counts-cologne',
      'weather-stations-2024',
    ]);
  });

  it("lists the consumer's own offer", async () => {
    const response = await get<TConnectorOfferListResponse>('/api/connectors/consumer/offers');
    expect(response.status).toBe(200);
    expect(response.body.offers.map((offer) => [offer.id, offer.name])).toEqual([
      ['energy-report', 'Energy use report'],
    ]);
  });

  it('answers 404 JSON for an unknown connector', async () => {
    const message = expectError(await get('/api/connectors/nobody/offers'), 404, ErrorCode.NOT_FOUND);
    expect(message).toBe("No connector with the id 'nobody' is registered");
  });

  it.each([
    ['a space', '%20provider'],
    ['a leading dash', '-provider'],
    ['a leading dot', '.provider'],
    ['a percent sign', 'pro%25vider'],
  ])('answers 400 for an id with %s', async (_what, id) => {
    const message = expectError(await get(`/api/connectors/${id}/offers`), 400, ErrorCode.VALIDATION_FAILED);
    expect(message).toMatch(/^params\.connectorId: must be a URL path segment/);
  });

  it('refuses an id longer than a path parameter may be with the common 400 body, never 500', async () => {
    expectError(await get(`/api/connectors/${'p'.repeat(101)}/offers`), 400, ErrorCode.VALIDATION_FAILED);
  });

  it('answers 503 naming the connector when it cannot be reached, never 500', async () => {
    const message = expectError(await get('/api/connectors/offline/offers'), 503, ErrorCode.SERVICE_UNAVAILABLE);
    expect(message).toContain(
      `The connector 'Offline connector' (${offlineUrl}) cannot be reached: something went wrong`,
    );
  });

  it('answers 502 when the connector refuses the API key', async () => {
    const message = expectError(await get('/api/connectors/wrong-key/offers'), 502, ErrorCode.BAD_GATEWAY);
    expect(message).toContain("refused the marketplace's credentials (HTTP 401)");
  });

  it('answers 502 when the address answers, but not as a connector', async () => {
    const message = expectError(await get('/api/connectors/elsewhere/offers'), 502, ErrorCode.BAD_GATEWAY);
    expect(message).toContain('has no management API at');
  });
});

describe('POST /api/metadata (upload a connector offer)', () => {
  it('creates a catalogue offer that search finds at once, and refuses a second upload with 409', async () => {
    const first = await upload({ connectorId: 'provider', offerId: 'open-weather-data' });
    expect(first.status).toBe(201);
    const created = ZConnectorOfferUploadResponse.parse(first.body);
    expect(created).toEqual({
      id: catalogueOfferId('provider', 'open-weather-data'),
      title: 'Weather station readings 2024',
    });

    const search = await request<TSearchResponse>(
      testApp.baseUrl,
      'POST',
      `/api/search?query=${encodeURIComponent('Weather station readings')}`,
      { index: 0, pageSize: 10 },
      auth,
    );
    expect(search.status).toBe(200);
    const found = search.body.data.find((offer) => offer['@id'] === created.id);
    expect(found).toMatchObject({
      title: 'Weather station readings 2024',
      paymentModel: 'FREE_OF_CHARGE',
      keywords: ['weather', 'climate', 'Wetter'],
      categories: ['ENVIRONMENT'],
      description: {
        '@value': 'Hourly temperature, precipitation and wind readings of 42 weather stations in Saxony.',
      },
    });
    expect(found!.datasets[0]).toMatchObject({
      'dcterms:publisher': { '@id': 'urn:dsm:connector:provider', 'foaf:name': 'Provider sandbox' },
      'dcat:distribution': [
        {
          'dcterms:title': 'Weather station readings 2024',
          'dcat:mediaType': 'text/csv',
          'dcterms:license': 'CC-BY-4.0',
          'dcat:accessURL': 'https://data.example.org/weather/stations-2024.csv',
        },
      ],
    });

    const again = await upload({ connectorId: 'provider', offerId: 'open-weather-data' });
    const message = expectError(again, 409, ErrorCode.CONFLICT);
    expect(message).toBe(
      `The offer 'open-weather-data' of the connector 'Provider sandbox' is in the catalogue already, as 'Weather station readings 2024' (${created.id})`,
    );
    const count = await testApp.database.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('uploads an offer of several assets as one catalogue offer with a dataset per asset', async () => {
    const response = await upload({ connectorId: 'provider', offerId: 'mobility-research' });
    expect(response.status).toBe(201);
    expect(response.body.title).toBe('Air quality Leipzig, Bicycle counts Cologne');
    const datasets = await testApp.database.db
      .selectFrom('datasets')
      .select(['id', 'themes'])
      .where('offer_id', '=', response.body.id)
      .orderBy('position')
      .execute();
    expect(datasets).toHaveLength(2);
  });

  it('answers 404 for an offer the connector does not have, and for an unknown connector', async () => {
    expect(expectError(await upload({ connectorId: 'provider', offerId: 'no-such-offer' }), 404, 'NOT_FOUND')).toBe(
      "The connector 'Provider sandbox' has no offer (contract definition) 'no-such-offer'",
    );
    expectError(await upload({ connectorId: 'nobody', offerId: 'open-weather-data' }), 404, ErrorCode.NOT_FOUND);
  });

  it.each([
    ['no offer id', { connectorId: 'provider' }, 'body.offerId'],
    ['an empty offer id', { connectorId: 'provider', offerId: '' }, 'body.offerId'],
    ['a control character in the offer id', { connectorId: 'provider', offerId: 'a\nb' }, 'body.offerId'],
    // A lone surrogate made encodeURIComponent throw on the way to the connector: 500.
    ['a lone surrogate in the offer id', { connectorId: 'provider', offerId: 'offer-\ud800' }, 'body.offerId'],
    ['a malformed connector id', { connectorId: '../provider', offerId: 'x' }, 'body.connectorId'],
    ['an unknown field', { connectorId: 'provider', offerId: 'x', title: 'mine' }, 'body'],
  ])('answers 400 for %s', async (_what, body, path) => {
    const response = await upload(body);
    expectError(response, 400, ErrorCode.VALIDATION_FAILED);
    expect((response.body as TErrorResponse).issues?.[0]?.path).toBe(path);
  });

  it('answers 400 for a body that is not JSON', async () => {
    expectError(await upload('{not json'), 400, ErrorCode.MALFORMED_BODY);
  });

  it('answers 503 when the connector cannot be reached', async () => {
    expectError(await upload({ connectorId: 'offline', offerId: 'x' }), 503, ErrorCode.SERVICE_UNAVAILABLE);
  });
});
