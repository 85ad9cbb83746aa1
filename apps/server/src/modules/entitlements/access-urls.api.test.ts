import { randomUUID } from 'node:crypto';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import type { TMetadataItem, TOfferInputBody, TOwnOfferDetails } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../db/migrations/0014-entitlements';
import * as usageMigration from '../../db/migrations/0016-usage-events';
import * as gatewayMigration from '../../db/migrations/0017-api-gateway';
import * as pricingMigration from '../../db/migrations/0018-pricing-models';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { makeOfferInput } from '../../test/factories';
import { startTestApp, type TTestApp } from '../../test/test-app';
import { countRowsWhere } from '../../test/test-database';
import { seedLicences } from '../catalogue/licence-catalogue';
import { insertConnector } from '../connectors/connector-repository';
import { publishOffer } from '../offers/offers-test-data';
import { addAgentMember } from '../orders/add-agent-member';
import { cancelOverdueOrders } from '../orders/cancel-overdue-orders';
import { addMonths } from '../orders/invoice-dates';
import { checkOutPublished, insertOfferOf, SUPPLIER_A } from '../orders/orders-test-data';
import { findOffersShowingAccessUrls } from './access-url-policy';
import { findActiveEntitlement } from './find-active-entitlement';

/**
 * Paid offers' access URLs reach only their supplier and their entitled buyers, by every route that
 * answers offers, endpoints or distributions; free offers' reach everyone. The routes are taken from
 * the app's own OpenAPI document, so a new route that answers offers has to be added here (or named
 * as one that answers none).
 */

const API_KEY = 'access-urls-api-test-key';
const CONNECTOR_ID = 'paid-supplier';

let testApp: TTestApp;
let sandbox: Sandbox;
let supplier: TSignedIn;
let member: TSignedIn;
let buyer: TSignedIn;
let visitor: TSignedIn;

/** Each URL carries a token of its own, so a search of the raw body finds it however it is serialised. */
const secret = (name: string) => `https://paid.example.org/secret-${name}-${randomUUID()}/data`;
const urls = {
  download: [secret('download-a'), secret('download-b')],
  connector: [secret('connector')],
  timed: [secret('timed')],
  api: [secret('api')],
  agent: '',
  free: [`https://open.example.org/free-${randomUUID()}/data.csv`],
};
const ids = { download: '', connector: '', timed: '', api: '', agent: '', free: '' };
const paidUrls = () => [...urls.download, ...urls.connector, ...urls.timed, ...urls.api, urls.agent];
/** The supplier's credential of the Api offer: no answer to anyone, the supplier included, may hold it. */
const GATEWAY_SECRET = `Bearer gateway-secret-${randomUUID()}`;

function wizardInput(
  title: string,
  endpointUrls: string[],
  overrides: Partial<TOfferInputBody> & { licensing?: Partial<TOfferInputBody['licensingInfo']> } = {},
  gatewayCredential: { headerName: string; secret: string } | null = null,
): TOfferInputBody {
  const { licensing, ...rest } = overrides;
  return makeOfferInput(title, {
    ...rest,
    generalInfo: { keywords: 'tides' },
    endpoints: endpointUrls.map((accessUrl) => ({ accessUrl, filesize: 1.5, gatewayCredential })),
    licensingInfo: { price: 19.99, ...licensing },
  });
}

async function publish(input: TOfferInputBody): Promise<string> {
  const offer = await publishOffer(testApp, supplier, input);
  expect(offer.state).toBe('PUBLISHED');
  return offer['@id'];
}

function buy(who: TSignedIn, offerIds: string[], idempotencyKey?: string) {
  return checkOutPublished(testApp, who, offerIds, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

type TAnswer = { route: string; status: number; text: string };

const FORMATS = {
  'JSON-LD': 'application/ld+json',
  Turtle: 'text/turtle',
  'RDF/XML': 'application/rdf+xml',
  JSON: 'application/json',
};

/**
 * Every answer a user can get that holds offers, endpoints or distributions, as raw text. The keys of
 * `COVERED` below are the OpenAPI paths these calls exercise.
 */
async function everyAnswer(who: TSignedIn): Promise<TAnswer[]> {
  const calls: { route: string; method: string; path: string; body?: unknown; accept?: string }[] = [];
  const all = Object.values(ids);
  for (const id of all) calls.push({ route: 'GET /api/metadata/{id}', method: 'GET', path: `/api/metadata/${id}` });
  calls.push({ route: 'GET /api/metadata (batchIds)', method: 'GET', path: `/api/metadata?batchIds=${all.join(',')}` });
  calls.push({ route: 'GET /api/metadata (page)', method: 'GET', path: '/api/metadata?limit=1000' });
  calls.push({ route: 'POST /api/search', method: 'POST', path: '/api/search', body: { index: 0, pageSize: 100 } });
  calls.push({
    route: 'POST /api/search (query)',
    method: 'POST',
    path: '/api/search?query=tides',
    body: { index: 0, pageSize: 100 },
  });
  for (const [name, accept] of Object.entries(FORMATS)) {
    calls.push({ route: `GET /api/catalog (${name})`, method: 'GET', path: '/api/catalog?pageSize=100', accept });
    for (const id of all) {
      calls.push({ route: `GET /api/catalog/{id} (${name})`, method: 'GET', path: `/api/catalog/${id}`, accept });
    }
  }
  for (const format of ['jsonld', 'turtle', 'rdfxml']) {
    for (const id of all) {
      calls.push({
        route: `GET /api/catalog/{id} (?format=${format})`,
        method: 'GET',
        path: `/api/catalog/${id}?format=${format}`,
      });
    }
  }
  for (const id of all) {
    calls.push({ route: 'GET /api/search/related/{id}', method: 'GET', path: `/api/search/related/${id}` });
  }
  calls.push({ route: 'GET /api/acquisitions', method: 'GET', path: '/api/acquisitions' });
  calls.push({
    route: 'GET /api/connectors/{id}/offers',
    method: 'GET',
    path: `/api/connectors/${CONNECTOR_ID}/offers`,
  });
  calls.push({ route: 'GET /api/metadata/like', method: 'GET', path: '/api/metadata/like' });
  calls.push({ route: 'GET /api/orders', method: 'GET', path: '/api/orders' });
  calls.push({ route: 'GET /api/sales', method: 'GET', path: '/api/sales' });
  calls.push({ route: 'GET /api/deliveries', method: 'GET', path: '/api/deliveries' });
  calls.push({ route: 'GET /api/offers/mine', method: 'GET', path: '/api/offers/mine' });
  for (const id of all) calls.push({ route: 'GET /api/offers/{id}', method: 'GET', path: `/api/offers/${id}` });
  for (const id of all) {
    calls.push({
      route: 'POST /api/offers/{id}/endpoints/{endpoint}/download-link',
      method: 'POST',
      path: `/api/offers/${id}/endpoints/0/download-link`,
    });
    calls.push({
      route: 'GET /api/acquisitions/{offerId}/api-keys',
      method: 'GET',
      path: `/api/acquisitions/${id}/api-keys`,
    });
    // Signed in but without an API key: the gateway answers nothing of the supplier's.
    calls.push({ route: 'GET /gateway/{offerId}/{*}', method: 'GET', path: `/gateway/${id}/data` });
    calls.push({ route: 'POST /gateway/{offerId}/{*}', method: 'POST', path: `/gateway/${id}/data`, body: {} });
  }
  return Promise.all(
    calls.map(async (call) => {
      const response = await fetch(`${testApp.baseUrl}${call.path}`, {
        method: call.method,
        headers: {
          ...who.headers,
          ...(call.accept ? { accept: call.accept } : {}),
          ...(call.body ? { 'content-type': 'application/json' } : {}),
        },
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      return { route: `${call.route} ${call.path}`, status: response.status, text: await response.text() };
    }),
  );
}

/** The answers (route names) that hold a URL, for each URL. */
function whereSeen(answers: TAnswer[], wanted: readonly string[]): Map<string, string[]> {
  return new Map(wanted.map((url) => [url, answers.filter((answer) => answer.text.includes(url)).map((a) => a.route)]));
}

/** The routes of the app that answer GET or POST, from its OpenAPI document. */
function documentedRoutes(): string[] {
  const document = (
    testApp.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }
  ).swagger();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => method === 'get' || method === 'post')
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Routes `everyAnswer` walks. */
const COVERED = [
  'GET /api/metadata/{id}',
  'GET /api/metadata',
  'POST /api/search',
  'GET /api/catalog',
  'GET /api/catalog/{id}',
  'GET /api/search/related/{id}',
  'GET /api/acquisitions',
  'GET /api/connectors/{connectorId}/offers',
  'GET /api/metadata/like',
  'GET /api/orders',
  'GET /api/sales',
  'GET /api/deliveries',
  'GET /api/offers/mine',
  'GET /api/offers/{id}',
  // A signed link below the marketplace's own address, made for buyers, the supplier and free offers only.
  'POST /api/offers/{id}/endpoints/{endpoint}/download-link',
  'GET /api/acquisitions/{offerId}/api-keys',
  'GET /gateway/{offerId}/{*}',
  'POST /gateway/{offerId}/{*}',
];

/** Routes that answer no offer, endpoint or distribution (or only ids and titles), and why they need no walk. */
const CARRY_NO_URLS = [
  // An organisation's connector: its addresses and checks, no offer.
  'GET /api/organisations/{organisationId}/connector',
  // Whether the caller may order an offer: a refusal reason, no offer.
  'GET /api/offers/{id}/sale-status',
  'GET /healthz',
  'GET /readyz',
  'GET /app-config.json',
  'GET /api/search/suggest',
  'GET /api/search/cache',
  'GET /api/search/formats',
  // A publisher's name, place and offer count; its offers come from POST /api/search.
  'GET /api/publishers/{id}',
  'GET /api/licence',
  'POST /api/licence',
  // Publishing and uploading answer the publisher, who may see their own URLs.
  'POST /api/offers',
  'POST /api/metadata',
  'POST /api/metadata/like',
  'POST /idp-service/payment',
  // The organisation profile names no offer.
  'GET /api/profile/organisation',
  'PUT /api/profile/organisation',
  'GET /api/orders/{id}',
  'GET /api/invoices/{id}/pdf',
  'GET /api/invoices/{id}/xml',
  // The Factur-X PDF holds the same lines as the invoice PDF: titles and amounts, never endpoints.
  'GET /api/invoices/{id}/facturx',
  // The marketplace's commission invoice names the sale and its amounts only.
  'GET /api/commission-invoices/{id}/pdf',
  'GET /api/commission-invoices/{id}/xml',
  'GET /api/commission-invoices/{id}/facturx',
  'GET /api/commission-invoices/{id}/cancellation/pdf',
  'GET /api/commission-invoices',
  'POST /api/commission-invoices/{id}/paid',
  // An offer's licence, allowed countries and period of use.
  'GET /api/offers/{id}/terms',
  // Saved searches hold the user's own terms and filters; notifications link to offer pages of the marketplace.
  'GET /api/saved-searches',
  'POST /api/saved-searches',
  'GET /api/notifications',
  'GET /api/notifications/unread-count',
  'POST /api/notifications/{id}/read',
  'POST /api/notifications/read-all',
  'GET /api/alerts/preferences',
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
  'POST /api/invoices/{id}/paid',
  // Usage and subscriptions answer offer ids, titles, prices and counts.
  'GET /api/acquisitions/usage',
  'GET /api/sales/usage',
  'POST /api/subscriptions/{id}/cancel',
  'GET /api/connectors',
  'POST /api/connectors',
  'GET /api/connectors/registered',
  'GET /api/harvest/sources',
  'POST /api/harvest/sources',
  'POST /api/harvest/sources/{id}/run',
  'POST /api/deliveries',
  // A new or rotated API key answers the key and the gateway URL, never the supplier's base URL.
  'POST /api/acquisitions/{offerId}/api-keys',
  'POST /api/acquisitions/{offerId}/api-keys/{keyId}/rotate',
  'GET /api/deliveries/{deliveryId}',
  // The data itself, after a delivery the buyer's acquisition allowed.
  'GET /api/deliveries/{deliveryId}/data',
  // The first rows of an endpoint's data, never its access URL; paid offers' only for buyers or as a public sample.
  'GET /api/metadata/{id}/preview',
  // The data itself, streamed for a signed link that only an allowed user could get (downloads.api.test.ts).
  'GET /download/{*}',
];

/**
 * The connector console: operators manage a connector's assets, data addresses included. Only users
 * with the operator role reach these routes (checked below), so they are outside the buyers' walk.
 */
const OPERATORS_ONLY = /^(GET|POST) \/api\/connectors\/\{connectorId\}\/(?!offers$)/;

beforeAll(async () => {
  [testApp, sandbox] = await Promise.all([
    startTestApp(),
    startSandbox({ basePath: `/${CONNECTOR_ID}`, apiKey: API_KEY }),
  ]);
  const db = testApp.database.db;
  await seedLicences(db);
  await insertConnector(db, { name: 'Paid supplier connector', url: sandbox.url, apiKey: API_KEY });
  [supplier, member, buyer, visitor] = await Promise.all([
    signIn(testApp, { email: 'supplier@example.org', name: 'Elbe Data GmbH' }),
    signIn(testApp, { email: 'member@example.org', name: 'Alpha Member' }),
    signIn(testApp, { email: 'buyer@example.org', name: 'Paying Buyer' }),
    signIn(testApp, { email: 'visitor@example.org', name: 'Just Looking' }),
  ]);

  // A subscription: the model invoiced at checkout, so its invoice can go unpaid.
  ids.download = await publish(
    wizardInput('Tidal gauges of the Elbe', urls.download, { licensing: { paymentType: 'SUBSCRIPTION_BASED' } }),
  );
  ids.connector = await publish(
    wizardInput('Tidal gauges over the data space', urls.connector, {
      accessType: 'CONNECTOR',
      connectorId: CONNECTOR_ID,
    }),
  );
  ids.timed = await publish(
    wizardInput('Tidal gauges for a month', urls.timed, { licensing: { timeRestriction: '30', timeUnit: 'Days' } }),
  );
  ids.api = await publish(
    wizardInput(
      'Tidal gauges as an API',
      urls.api,
      { accessType: 'API' },
      { headerName: 'Authorization', secret: GATEWAY_SECRET },
    ),
  );
  ids.free = await publish(
    wizardInput('Open tidal gauges', urls.free, {
      pricingOption: 'FREE',
      licensing: { paymentType: 'FREE_OF_CHARGE', price: 0, priceUnit: '' },
    }),
  );
  // An offer of a publisher agent whose members sell for it (imported, with no owner).
  const agentOffer = await insertOfferOf(db, SUPPLIER_A, { title: 'Tidal gauges of Alpha', price: 12 });
  ids.agent = agentOffer.id;
  urls.agent = agentOffer.datasets[0]!.distributions[0]!.accessUrl!;
  await addAgentMember({ db, agentId: SUPPLIER_A.id, userId: member.user.id });
}, 60_000);

afterAll(async () => {
  await Promise.all([testApp?.close(), sandbox?.close()]);
});

describe('the walk covers every route', () => {
  it('names each documented GET and POST route as walked or as answering no URLs', () => {
    const unknown = documentedRoutes().filter(
      (route) => !COVERED.includes(route) && !CARRY_NO_URLS.includes(route) && !OPERATORS_ONLY.test(route),
    );
    expect(unknown).toEqual([]);
  });

  it("refuses the connector console's asset and catalog routes to users without the operator role", async () => {
    for (const path of ['assets', 'contract-definitions', 'edrs', 'transfers']) {
      const response = await requestAs(testApp, visitor, 'GET', `/api/connectors/${CONNECTOR_ID}/${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
  });
});

describe("paid offers' access URLs", () => {
  it('reach a visitor by no route: not in any raw answer, while the free URL is in every offer answer', async () => {
    const answers = await everyAnswer(visitor);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    for (const [url, routes] of whereSeen(answers, paidUrls())) expect({ url, routes }).toEqual({ url, routes: [] });
    const free = whereSeen(answers, urls.free).get(urls.free[0]!)!;
    expect(free).toEqual(expect.arrayContaining([expect.stringContaining('GET /api/metadata/{id}')]));
    expect(free.some((route) => route.startsWith('POST /api/search'))).toBe(true);
    expect(free.some((route) => route.startsWith('GET /api/catalog (Turtle)'))).toBe(true);
    expect(free.some((route) => route.startsWith('GET /api/catalog/{id} (JSON-LD)'))).toBe(true);
    expect(free.some((route) => route.startsWith('GET /api/catalog/{id} (RDF/XML)'))).toBe(true);
    expect(free.some((route) => route.startsWith('GET /api/catalog/{id} (?format=rdfxml)'))).toBe(true);
    expect(free.some((route) => route.startsWith('GET /api/search/related/{id}'))).toBe(true);
  });

  it('leave a visitor the name, type, licence, status and size of each endpoint, flagged as restricted', async () => {
    const response = await requestAs<TMetadataItem>(testApp, visitor, 'GET', `/api/metadata/${ids.download}`);
    const distributions = response.body.datasets[0]!['dcat:distribution'];
    expect(distributions).toEqual([
      expect.objectContaining({
        'dcterms:title': 'Endpoint 0',
        'dcterms:format': 'csv',
        'dcat:mediaType': 'text/csv',
        'dcterms:license': 'Creative Commons Namensnennung 4.0 International',
        'dcat:byteSize': 1.5 * 1024 * 1024,
        'dcat:accessURL': null,
        isAccessRestricted: true,
      }),
      expect.objectContaining({ 'dcterms:title': 'Endpoint 1', 'dcat:accessURL': null, isAccessRestricted: true }),
    ]);
    expect(response.body.endpointChecks.map((check) => check.status)).toEqual(['pending', 'pending']);
  });

  it('give a visitor no download link of a paid offer, and one naming no source address of a free offer', async () => {
    const linkOf = (id: string) =>
      requestAs<{ path: string; message: string }>(
        testApp,
        visitor,
        'POST',
        `/api/offers/${id}/endpoints/0/download-link`,
      );
    for (const id of [ids.download, ids.timed, ids.agent]) {
      const refused = await linkOf(id);
      expect({ id, status: refused.status }).toEqual({ id, status: 403 });
    }
    const free = await linkOf(ids.free);
    expect(free.status).toBe(201);
    expect(free.body.path).toMatch(/^\/download\//);
    expect(JSON.stringify(free.body)).not.toContain(urls.free[0]!);
  });

  it("name the offer's page as the DCAT-AP accessURL of a restricted distribution", async () => {
    const response = await fetch(`${testApp.baseUrl}/api/catalog/${ids.download}`, {
      headers: { ...visitor.headers, accept: 'text/turtle' },
    });
    const turtle = await response.text();
    expect(turtle).toContain(`dcat:accessURL <${testApp.baseUrl}/offer/details/${ids.download}>`);
    expect(turtle).toContain('dsm:accessRestricted true');
  });

  it('reach the supplier by every route that shows the offers, and a member of the publisher agent', async () => {
    const answers = await everyAnswer(supplier);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    for (const url of [...urls.download, ...urls.connector, ...urls.timed]) {
      const routes = whereSeen(answers, [url]).get(url)!;
      for (const expected of ['GET /api/metadata/{id}', 'GET /api/metadata (batchIds)', 'GET /api/metadata (page)']) {
        expect(routes.some((route) => route.startsWith(expected))).toBe(true);
      }
      expect(routes.some((route) => route.startsWith('POST /api/search'))).toBe(true);
      expect(routes.some((route) => route.startsWith('GET /api/catalog (Turtle)'))).toBe(true);
      expect(routes.some((route) => route.startsWith('GET /api/catalog/{id} (JSON-LD)'))).toBe(true);
      for (const format of ['jsonld', 'turtle', 'rdfxml']) {
        expect(routes.some((route) => route.startsWith(`GET /api/catalog/{id} (?format=${format})`))).toBe(true);
      }
      expect(routes.some((route) => route.startsWith('GET /api/search/related/{id}'))).toBe(true);
    }
    const connectorRoutes = whereSeen(answers, urls.connector).get(urls.connector[0]!)!;
    expect(connectorRoutes.some((route) => route.startsWith('GET /api/connectors/{id}/offers'))).toBe(true);
    // The agent's offer is not the supplier's.
    expect(whereSeen(answers, [urls.agent]).get(urls.agent)).toEqual([]);

    const memberAnswers = await everyAnswer(member);
    const agentRoutes = whereSeen(memberAnswers, [urls.agent]).get(urls.agent)!;
    expect(agentRoutes.some((route) => route.startsWith('GET /api/metadata/{id}'))).toBe(true);
    for (const url of [...urls.download, ...urls.connector])
      expect(whereSeen(memberAnswers, [url]).get(url)).toEqual([]);
  });

  it('reach a buyer after the order, by every route that shows the offers, and only for what they bought', async () => {
    const before = await everyAnswer(buyer);
    for (const [url, routes] of whereSeen(before, paidUrls())) expect({ url, routes }).toEqual({ url, routes: [] });

    const placed = await buy(buyer, [ids.download, ids.connector, ids.timed, ids.api]);
    expect(placed.status).toBe(201);

    const after = await everyAnswer(buyer);
    expect(after.filter((answer) => answer.status >= 500)).toEqual([]);
    for (const url of [...urls.download, ...urls.connector, ...urls.timed, ...urls.api]) {
      const routes = whereSeen(after, [url]).get(url)!;
      for (const expected of [
        'GET /api/metadata/{id}',
        'GET /api/metadata (batchIds)',
        'POST /api/search',
        'GET /api/catalog (Turtle)',
        'GET /api/catalog/{id} (JSON)',
        'GET /api/acquisitions',
      ]) {
        expect({ url, expected, seen: routes.some((route) => route.startsWith(expected)) }).toEqual({
          url,
          expected,
          seen: true,
        });
      }
    }
    expect(whereSeen(after, urls.connector).get(urls.connector[0]!)!.join(' ')).toContain(
      '/api/connectors/{id}/offers',
    );
    expect(whereSeen(after, [urls.agent]).get(urls.agent)).toEqual([]);
    // Another user's view is unchanged by this purchase.
    const others = await everyAnswer(visitor);
    for (const [url, routes] of whereSeen(others, paidUrls())) expect({ url, routes }).toEqual({ url, routes: [] });
  });
});

describe("the API gateway's supplier credential", () => {
  it('is in no answer to anyone, the supplier, the buyer and a visitor included, nor in a new or rotated key', async () => {
    const created = await requestAs(testApp, buyer, 'POST', `/api/acquisitions/${ids.api}/api-keys`);
    expect(created.status).toBe(201);
    const keyId = (created.body as { key: { id: string } }).key.id;
    const rotated = await requestAs(testApp, buyer, 'POST', `/api/acquisitions/${ids.api}/api-keys/${keyId}/rotate`);
    expect(rotated.status).toBe(200);
    for (const answer of [created, rotated]) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain('gateway-secret-');
      expect(text).not.toContain(urls.api[0]!);
    }
    // A visitor may neither list nor create keys of an offer they did not buy.
    for (const method of ['GET', 'POST']) {
      const refused = await requestAs(testApp, visitor, method, `/api/acquisitions/${ids.api}/api-keys`);
      expect({ method, status: refused.status }).toEqual({ method, status: 403 });
    }
    for (const who of [supplier, buyer, visitor, member]) {
      const answers = await everyAnswer(who);
      expect(answers.filter((answer) => answer.text.includes('gateway-secret-')).map((answer) => answer.route)).toEqual(
        [],
      );
    }
    // The supplier sees which header is set, never its value.
    const own = await requestAs<TOwnOfferDetails>(testApp, supplier, 'GET', `/api/offers/${ids.api}`);
    expect(own.body.input.endpoints[0]!.gatewayCredential).toEqual({ headerName: 'Authorization', keepFrom: 0 });
  });
});

describe('entitlements', () => {
  it("end after the offer's time restriction; an offer without one grants an entitlement that does not end", async () => {
    const timed = await findActiveEntitlement({ db: testApp.database.db, userId: buyer.user.id, offerId: ids.timed });
    expect(timed).not.toBeNull();
    expect(timed!.endsAt!.getTime() - timed!.startsAt.getTime()).toBe(30 * 86_400_000);
    const open = await findActiveEntitlement({
      db: testApp.database.db,
      userId: buyer.user.id,
      offerId: ids.connector,
    });
    expect(open?.endsAt).toBeNull();
    // A subscription's runs to the end of its paid month; renewals move it on.
    const subscription = await findActiveEntitlement({
      db: testApp.database.db,
      userId: buyer.user.id,
      offerId: ids.download,
    });
    expect(subscription!.endsAt).toEqual(addMonths(subscription!.startsAt, 1));

    const later = new Date(timed!.endsAt!.getTime() + 1000);
    expect(
      await findActiveEntitlement({ db: testApp.database.db, userId: buyer.user.id, offerId: ids.timed, now: later }),
    ).toBeNull();
    const visible = await findOffersShowingAccessUrls({
      db: testApp.database.db,
      userId: buyer.user.id,
      offerIds: [ids.timed, ids.connector, ids.free],
      now: later,
    });
    expect([...visible].sort()).toEqual([ids.connector, ids.free].sort());
  });

  it('are not granted for a free offer, nor for one priced at 0, whose URLs everyone sees', async () => {
    const db = testApp.database.db;
    const free = await insertOfferOf(db, SUPPLIER_A, { paymentModel: 'FREE_OF_CHARGE', price: 0 });
    const zero = await insertOfferOf(db, SUPPLIER_A, { paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 0 });
    for (const offer of [free, zero]) {
      const item = await requestAs<TMetadataItem>(testApp, buyer, 'GET', `/api/metadata/${offer.id}`);
      expect(item.body.datasets[0]!['dcat:distribution'][0]).toMatchObject({
        'dcat:accessURL': offer.datasets[0]!.distributions[0]!.accessUrl,
        isAccessRestricted: false,
      });
    }
    const placed = await buy(visitor, [free.id, zero.id]);
    expect(placed.status).toBe(201);
    expect(await countRowsWhere(testApp.database.db, 'entitlements', 'user_id', visitor.user.id)).toBe(0);
  });

  it('stay consistent when two checkouts of the same offer race: no 500, one entitlement per order placed', async () => {
    const racer = await signIn(testApp, { email: 'racer@example.org', name: 'Racing Buyer' });
    const raced = await Promise.all([buy(racer, [ids.download]), buy(racer, [ids.download])]);
    // The second is refused: the offer is the racer's already (see orders/sale-rules.api.test.ts).
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const answers = raced.filter((answer) => answer.status === 201);
    const rows = await testApp.database.db
      .selectFrom('entitlements')
      .select(['order_id', 'revoked_at'])
      .where('user_id', '=', racer.user.id)
      .where('offer_id', '=', ids.download)
      .execute();
    expect(rows.map((row) => row.order_id).sort()).toEqual(answers.map((answer) => answer.body.id).sort());
    const active = await findActiveEntitlement({
      db: testApp.database.db,
      userId: racer.user.id,
      offerId: ids.download,
    });
    expect(answers.map((answer) => answer.body.id)).toContain(active?.orderId);

    // The same request twice under one Idempotency-Key is one order with one entitlement.
    const keyed = await signIn(testApp, { email: 'keyed@example.org', name: 'Careful Buyer' });
    const key = randomUUID();
    const twice = await Promise.all([buy(keyed, [ids.timed], key), buy(keyed, [ids.timed], key)]);
    expect(twice.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(new Set(twice.map((answer) => answer.body.id)).size).toBe(1);
    const keyedRows = await testApp.database.db
      .selectFrom('entitlements')
      .select('order_id')
      .where('user_id', '=', keyed.user.id)
      .execute();
    expect(keyedRows).toEqual([{ order_id: twice[0]!.body.id }]);
  });

  it("show in search at once after the order is paid, though the buyer's search just before kept them from view", async () => {
    const eager = await signIn(testApp, { email: 'eager@example.org', name: 'Eager Buyer' });
    const searched = async () => {
      const answer = await requestAs(testApp, eager, 'POST', '/api/search?query=tides', { index: 0, pageSize: 100 });
      expect(answer.status).toBe(200);
      return JSON.stringify(answer.body);
    };
    // The searches before the order: their answers are what the server may keep of this buyer's access.
    expect(await searched()).not.toContain(urls.timed[0]!);
    expect(await searched()).not.toContain(urls.timed[0]!);
    const placed = await buy(eager, [ids.timed]);
    expect(placed.status).toBe(201);
    expect(placed.body.state).toBe('paid');
    const after = await searched();
    expect(after).toContain(urls.timed[0]!);
    expect(after).not.toContain(urls.download[0]!);
  });

  it('end with the invoice cancelled for want of payment, and the URLs with them', async () => {
    const late = await signIn(testApp, { email: 'late@example.org', name: 'Late Payer' });
    const placed = await buy(late, [ids.download]);
    expect(placed.status).toBe(201);
    const seen = async () =>
      (await everyAnswer(late)).some((answer) => answer.text.includes(urls.download[0]!) && answer.status === 200);
    expect(await seen()).toBe(true);

    // Only this order is overdue at its own pay-by date; the others were placed moments before or after.
    const payBy = new Date(placed.body.payBy);
    await testApp.database.db
      .updateTable('orders')
      .set({ pay_by: new Date(payBy.getTime() - 86_400_000 * 365) })
      .where('id', '=', placed.body.id)
      .execute();
    const cancelled = await cancelOverdueOrders({
      db: testApp.database.db,
      now: new Date(payBy.getTime() - 86_400_000 * 300),
    });
    expect(cancelled).toEqual([placed.body.id]);
    expect(
      await findActiveEntitlement({ db: testApp.database.db, userId: late.user.id, offerId: ids.download }),
    ).toBeNull();
    expect(await seen()).toBe(false);
    // The buyer of the earlier order keeps theirs.
    expect(
      await findActiveEntitlement({ db: testApp.database.db, userId: buyer.user.id, offerId: ids.download }),
    ).not.toBeNull();
  });

  it('are backfilled from the orders by the migration as the orders wrote them', async () => {
    const db = testApp.database.db;
    const snapshot = () =>
      db
        .selectFrom('entitlements')
        .select([
          'user_id',
          'offer_id',
          'order_id',
          'starts_at',
          'ends_at',
          (eb) => eb('revoked_at', 'is not', null).as('revoked'),
        ])
        .orderBy('order_id')
        .orderBy('offer_id')
        .execute();
    const written = await snapshot();
    expect(written.length).toBeGreaterThanOrEqual(6);
    expect(written.some((row) => row.revoked)).toBe(true);
    // Usage rows, API keys and billed lines refer to entitlements: the later migrations come off first and back last.
    await pricingMigration.down(db as never);
    await gatewayMigration.down(db as never);
    await usageMigration.down(db as never);
    await migration.down(db as never);
    await migration.up(db as never);
    await usageMigration.up(db as never);
    await gatewayMigration.up(db as never);
    await pricingMigration.up(db as never);
    expect(await snapshot()).toEqual(written);
  });
});
