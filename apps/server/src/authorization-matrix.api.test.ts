import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ConnectorClient, createConnectorClient } from '@dsm/connector-client';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import type { TOfferInputBody, TOrder, TOwnOfferDetails } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLicences } from './modules/catalogue/licence-catalogue';
import type { TOfferRecord } from './modules/catalogue/offer-record';
import { supplierAgentId } from './modules/catalogue/supplier-agent';
import { insertConnector } from './modules/connectors/connector-repository';
import { upsertDelivery } from './modules/deliveries/delivery-repository';
import { insertOfferOf, itemOf, sellFor } from './modules/orders/orders-test-data';
import { signIn, TEST_ORGANISATION, type TSignedIn } from './test/auth';
import { makeOfferInput } from './test/factories';
import { request, startTestApp, type TTestApp } from './test/test-app';

/**
 * Who may call what: every route of the OpenAPI document against every kind of caller, on real data. Buyer A likes
 * an offer and buys supplier S's offer (so an order, an invoice and a delivery of A's exist), buyer B likes and buys
 * another one, S owns offers. Each row says the status each caller gets; on top, no answer to anyone but A (and S,
 * A's supplier) carries A's order, invoice, delivery or identity, and none to anyone but B carries B's.
 */

const PERSONAS = ['anonymous', 'noRole', 'buyerA', 'buyerB', 'supplierS', 'operator'] as const;
type TPersona = (typeof PERSONAS)[number];
type TStatuses = Record<TPersona, number>;

type TFixture = {
  sOffer: string;
  sOfferToUnpublish: string;
  aLikedOffer: string;
  bLikedOffer: string;
  otherSupplierOffer: TOfferRecord;
  /** An offer of the other supplier nobody bought before the payment row: each caller may buy it once. */
  paymentOffer: TOfferRecord;
  aOrder: TOrder;
  bOrder: TOrder;
  aInvoice: string;
  /** The marketplace's commission invoice to S for A's invoice. */
  aCommissionInvoice: string;
  /** buyerA's subscription to sOffer. */
  aEntitlement: string;
  aDelivery: string;
  harvestSource: string;
  /** buyerA's organisation, whose connector members and operators manage. */
  aOrganisation: string;
};

type TCall = { path: string; body?: unknown; headers?: Record<string, string> };
type TAnswer = { status: number; body: unknown; text: string };

type TRow = {
  /** As in docs/openapi.json: `GET /api/orders/{id}`. */
  route: string;
  call: (fixture: TFixture, who: TPersona) => TCall;
  statuses: TStatuses;
  /** What the callers must (not) see beyond the status. */
  check?: (answers: Record<TPersona, TAnswer>, fixture: TFixture) => void | Promise<void>;
  /**
   * The operator sees the number of A's invoice here (never its id, the order or A): the commission
   * invoice the marketplace issued to S names the sale it bills by that number.
   */
  isSaleNumberTheOperators?: boolean;
};

const API_KEY = 'authorization-matrix-key';
const EDC = 'matrix-edc';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const everyone = (status: number): TStatuses => ({
  anonymous: status,
  noRole: status,
  buyerA: status,
  buyerB: status,
  supplierS: status,
  operator: status,
});

/** A guarded route: 401 without a token, 403 without the product role, then what each signed-in caller gets. */
const signedIn = (statuses: Omit<TStatuses, 'anonymous' | 'noRole'>): TStatuses => ({
  anonymous: 401,
  noRole: 403,
  ...statuses,
});

/** Every signed-in caller with the product role gets the same. */
const anyUser = (status: number): TStatuses =>
  signedIn({ buyerA: status, buyerB: status, supplierS: status, operator: status });

/** Only the operator role passes. */
const operatorOnly = (status: number): TStatuses =>
  signedIn({ buyerA: 403, buyerB: 403, supplierS: 403, operator: status });

let testApp: TTestApp;
let edc: Sandbox;
let edcClient: ConnectorClient;
let fixture: TFixture;
const who = {} as Record<Exclude<TPersona, 'anonymous'>, TSignedIn>;

const headersOf = (persona: TPersona): Record<string, string> => (persona === 'anonymous' ? {} : who[persona].headers);
const idOf = (persona: Exclude<TPersona, 'anonymous'>): string => who[persona].user.id;

function offerInput(title: string): TOfferInputBody {
  // A subscription: the model checkout invoices, so the order has an invoice to read and settle.
  return makeOfferInput(title, {
    licensingInfo: { paymentType: 'SUBSCRIPTION_BASED' },
    generalInfo: { description: 'Readings for the authorization matrix.', keywords: 'matrix' },
    endpoints: [
      {
        endpointTitle: 'Readings',
        endpointDescription: 'All readings.',
        accessUrl: 'https://data.example.org/matrix.csv',
      },
    ],
  });
}

const at = (rest: string) => `/api/connectors/${EDC}${rest}`;

const ROWS: TRow[] = [
  { route: 'GET /healthz', call: () => ({ path: '/healthz' }), statuses: everyone(200) },
  { route: 'GET /readyz', call: () => ({ path: '/readyz' }), statuses: everyone(200) },
  { route: 'GET /app-config.json', call: () => ({ path: '/app-config.json' }), statuses: everyone(200) },
  {
    route: 'POST /api/search',
    call: () => ({ path: '/api/search', body: { index: 0, pageSize: 10 } }),
    statuses: anyUser(200),
  },
  { route: 'GET /api/search/cache', call: () => ({ path: '/api/search/cache' }), statuses: anyUser(200) },
  { route: 'GET /api/search/formats', call: () => ({ path: '/api/search/formats' }), statuses: anyUser(200) },
  {
    route: 'GET /api/search/related/{id}',
    call: (f) => ({ path: `/api/search/related/${f.sOffer}` }),
    statuses: anyUser(200),
  },
  {
    // A publisher's page is public catalogue information; an id no publisher has is a 404 to everyone signed in.
    route: 'GET /api/publishers/{id}',
    call: () => ({
      path: `/api/publishers/${Buffer.from('https://nobody.example.org/agents/none').toString('base64url')}`,
    }),
    statuses: anyUser(404),
  },
  {
    // A paid offer's data is previewed for its buyers and its supplier only (its source cannot be reached here: 502).
    route: 'GET /api/metadata/{id}/preview',
    call: (f) => ({ path: `/api/metadata/${f.sOffer}/preview?endpoint=0` }),
    statuses: signedIn({ buyerA: 502, buyerB: 403, supplierS: 502, operator: 403 }),
  },
  // Keys exist for offers of the Api access type only (gateway.api.test.ts checks who holds them).
  {
    route: 'GET /api/acquisitions/{offerId}/api-keys',
    call: (f) => ({ path: `/api/acquisitions/${f.sOffer}/api-keys` }),
    statuses: anyUser(404),
  },
  {
    route: 'POST /api/acquisitions/{offerId}/api-keys',
    call: (f) => ({ path: `/api/acquisitions/${f.sOffer}/api-keys` }),
    statuses: anyUser(404),
  },
  {
    route: 'POST /api/acquisitions/{offerId}/api-keys/{keyId}/rotate',
    call: (f) => ({ path: `/api/acquisitions/${f.sOffer}/api-keys/${UNKNOWN_ID}/rotate` }),
    statuses: anyUser(404),
  },
  {
    route: 'DELETE /api/acquisitions/{offerId}/api-keys/{keyId}',
    call: (f) => ({ path: `/api/acquisitions/${f.sOffer}/api-keys/${UNKNOWN_ID}` }),
    statuses: anyUser(404),
  },
  // The gateway takes an API key, never a session: without a key every caller is refused alike.
  {
    route: 'GET /gateway/{offerId}/{*}',
    call: (f) => ({ path: `/gateway/${f.sOffer}/readings` }),
    statuses: everyone(401),
  },
  {
    route: 'POST /gateway/{offerId}/{*}',
    call: (f) => ({ path: `/gateway/${f.sOffer}/readings` }),
    statuses: everyone(401),
  },
  {
    route: 'PUT /gateway/{offerId}/{*}',
    call: (f) => ({ path: `/gateway/${f.sOffer}/readings` }),
    statuses: everyone(401),
  },
  {
    route: 'PATCH /gateway/{offerId}/{*}',
    call: (f) => ({ path: `/gateway/${f.sOffer}/readings` }),
    statuses: everyone(401),
  },
  {
    route: 'DELETE /gateway/{offerId}/{*}',
    call: (f) => ({ path: `/gateway/${f.sOffer}/readings` }),
    statuses: everyone(401),
  },
  {
    route: 'HEAD /gateway/{offerId}/{*}',
    call: (f) => ({ path: `/gateway/${f.sOffer}/readings` }),
    statuses: everyone(401),
  },
  {
    route: 'OPTIONS /gateway/{offerId}/{*}',
    call: (f) => ({ path: `/gateway/${f.sOffer}/readings` }),
    statuses: everyone(401),
  },
  {
    route: 'GET /api/search/suggest',
    call: () => ({ path: '/api/search/suggest?prefix=data' }),
    statuses: anyUser(200),
  },
  { route: 'GET /api/licence', call: () => ({ path: '/api/licence' }), statuses: anyUser(200) },
  {
    route: 'POST /api/licence',
    call: (_f, persona) => ({
      path: '/api/licence',
      body: {
        licenceId: `matrix-${persona}`,
        licenceTitle: `Matrix licence of ${persona}`,
        licenceUrl: 'https://licences.example.org/matrix',
      },
    }),
    statuses: anyUser(201),
  },
  {
    route: 'POST /api/offers',
    call: (_f, persona) => ({ path: '/api/offers', body: offerInput(`Offer published by ${persona}`) }),
    statuses: anyUser(201),
    check: (answers) => {
      // Each offer is owned by whoever published it, never by someone named in the body.
      for (const persona of ['buyerA', 'buyerB', 'supplierS', 'operator'] as const) {
        expect((answers[persona].body as TOwnOfferDetails).title).toBe(`Offer published by ${persona}`);
      }
    },
  },
  {
    route: 'GET /api/offers/mine',
    call: () => ({ path: '/api/offers/mine' }),
    statuses: anyUser(200),
    check: (answers, f) => {
      expect(answers.supplierS.text).toContain(f.sOffer);
      for (const persona of ['buyerA', 'buyerB', 'operator'] as const) {
        expect(answers[persona].text).not.toContain(f.sOffer);
        expect(answers[persona].text).not.toContain(f.sOfferToUnpublish);
      }
    },
  },
  {
    route: 'GET /api/offers/{id}',
    call: (f) => ({ path: `/api/offers/${f.sOffer}` }),
    statuses: signedIn({ buyerA: 403, buyerB: 403, supplierS: 200, operator: 403 }),
  },
  {
    route: 'PUT /api/offers/{id}',
    call: (f, persona) => ({ path: `/api/offers/${f.sOffer}`, body: offerInput(`Edited by ${persona}`) }),
    statuses: signedIn({ buyerA: 403, buyerB: 403, supplierS: 200, operator: 403 }),
    check: async (_answers, f) => {
      const own = await request<TOwnOfferDetails>(
        testApp.baseUrl,
        'GET',
        `/api/offers/${f.sOffer}`,
        undefined,
        headersOf('supplierS'),
      );
      expect(own.body.title).toBe('Edited by supplierS');
    },
  },
  {
    route: 'DELETE /api/offers/{id}',
    call: (f) => ({ path: `/api/offers/${f.sOfferToUnpublish}` }),
    statuses: signedIn({ buyerA: 403, buyerB: 403, supplierS: 200, operator: 403 }),
  },
  { route: 'GET /api/metadata', call: () => ({ path: '/api/metadata?limit=5' }), statuses: anyUser(200) },
  {
    // Uploading a connector's offer into the catalogue is open to every user; this offer id does not exist.
    route: 'POST /api/metadata',
    call: () => ({ path: '/api/metadata', body: { connectorId: EDC, offerId: 'no-such-offer' } }),
    statuses: anyUser(404),
  },
  { route: 'GET /api/metadata/{id}', call: (f) => ({ path: `/api/metadata/${f.sOffer}` }), statuses: anyUser(200) },
  {
    route: 'GET /api/metadata/like',
    call: () => ({ path: '/api/metadata/like' }),
    statuses: anyUser(200),
    check: (answers, f) => {
      expect(answers.buyerA.body).toContain(f.aLikedOffer);
      expect(answers.buyerA.body).not.toContain(f.bLikedOffer);
      expect(answers.buyerB.body).toContain(f.bLikedOffer);
      expect(answers.buyerB.body).not.toContain(f.aLikedOffer);
      for (const persona of ['supplierS', 'operator'] as const) {
        expect(answers[persona].body).not.toContain(f.aLikedOffer);
        expect(answers[persona].body).not.toContain(f.bLikedOffer);
      }
    },
  },
  {
    route: 'POST /api/metadata/like',
    call: (f) => ({ path: `/api/metadata/like?uuid=${f.otherSupplierOffer.id}` }),
    statuses: anyUser(200),
  },
  {
    route: 'DELETE /api/metadata/like',
    call: (f) => ({ path: `/api/metadata/like?uuid=${f.otherSupplierOffer.id}` }),
    statuses: anyUser(200),
    check: async () => {
      // B's own like survives A's unlike of the same offer: each call changes the caller's likes only.
      const likes = await request<string[]>(
        testApp.baseUrl,
        'GET',
        '/api/metadata/like',
        undefined,
        headersOf('buyerB'),
      );
      expect(likes.body).toContain(fixture.bLikedOffer);
    },
  },
  {
    route: 'GET /api/acquisitions',
    call: () => ({ path: '/api/acquisitions' }),
    statuses: anyUser(200),
    check: (answers, f) => {
      expect(answers.buyerA.text).toContain(f.sOffer);
      expect(answers.buyerB.text).not.toContain(f.sOffer);
      expect(answers.buyerB.text).toContain(f.otherSupplierOffer.id);
    },
  },
  { route: 'GET /api/connectors', call: () => ({ path: '/api/connectors' }), statuses: anyUser(200) },
  {
    route: 'POST /api/connectors',
    call: (_f, persona) => ({
      path: '/api/connectors',
      body: { name: `Registered by ${persona}`, url: `https://8.8.8.8/registered-by-${persona.toLowerCase()}` },
    }),
    statuses: operatorOnly(201),
  },
  {
    route: 'GET /api/connectors/{connectorId}/offers',
    call: () => ({ path: at('/offers') }),
    statuses: anyUser(200),
  },
  {
    route: 'GET /api/connectors/registered',
    call: () => ({ path: '/api/connectors/registered' }),
    statuses: operatorOnly(200),
  },
  {
    route: 'DELETE /api/connectors/{connectorId}',
    call: () => ({ path: '/api/connectors/matrix-removable' }),
    statuses: operatorOnly(204),
  },
  {
    route: 'POST /api/connectors/{connectorId}/catalog',
    call: () => ({ path: at('/catalog'), body: { counterPartyAddress: `${edc.url}/protocol` } }),
    statuses: operatorOnly(200),
  },
  {
    route: 'GET /api/connectors/{connectorId}/negotiations',
    call: () => ({ path: at('/negotiations') }),
    statuses: operatorOnly(200),
  },
  {
    route: 'POST /api/connectors/{connectorId}/negotiations',
    call: () => ({
      path: at('/negotiations'),
      body: { counterPartyAddress: `${edc.url}/protocol`, datasetId: 'no-such-dataset', offerId: 'no-such-offer' },
    }),
    statuses: operatorOnly(404),
  },
  {
    route: 'POST /api/connectors/{connectorId}/negotiations/{objectId}/terminate',
    call: () => ({ path: at('/negotiations/no-such-negotiation/terminate'), body: { reason: 'matrix' } }),
    statuses: operatorOnly(404),
  },
  {
    route: 'GET /api/connectors/{connectorId}/agreements',
    call: () => ({ path: at('/agreements') }),
    statuses: operatorOnly(200),
  },
  {
    route: 'GET /api/connectors/{connectorId}/transfers',
    call: () => ({ path: at('/transfers') }),
    statuses: operatorOnly(200),
  },
  {
    route: 'POST /api/connectors/{connectorId}/transfers',
    call: () => ({
      path: at('/transfers'),
      body: { agreementId: 'no-such-agreement', counterPartyAddress: `${edc.url}/protocol` },
    }),
    statuses: operatorOnly(404),
  },
  {
    route: 'POST /api/connectors/{connectorId}/transfers/{objectId}/terminate',
    call: () => ({ path: at('/transfers/no-such-transfer/terminate'), body: { reason: 'matrix' } }),
    statuses: operatorOnly(404),
  },
  {
    route: 'POST /api/connectors/{connectorId}/transfers/{objectId}/deprovision',
    call: () => ({ path: at('/transfers/no-such-transfer/deprovision') }),
    statuses: operatorOnly(404),
  },
  { route: 'GET /api/connectors/{connectorId}/edrs', call: () => ({ path: at('/edrs') }), statuses: operatorOnly(200) },
  {
    route: 'GET /api/connectors/{connectorId}/edrs/{objectId}/data',
    call: () => ({ path: at('/edrs/no-such-transfer/data') }),
    statuses: operatorOnly(404),
  },
  {
    route: 'POST /api/connectors/{connectorId}/secrets',
    call: (_f, persona) => ({ path: at('/secrets'), body: { id: `matrix-secret-${persona}`, value: 's3cret' } }),
    statuses: operatorOnly(201),
  },
  {
    route: 'PUT /api/connectors/{connectorId}/secrets/{objectId}',
    call: () => ({ path: at('/secrets/matrix-secret'), body: { value: 'changed' } }),
    statuses: operatorOnly(200),
  },
  {
    route: 'DELETE /api/connectors/{connectorId}/secrets/{objectId}',
    call: () => ({ path: at('/secrets/matrix-secret') }),
    statuses: operatorOnly(204),
  },
  {
    route: 'POST /api/connectors/{connectorId}/crawls',
    call: () => ({ path: at('/crawls') }),
    statuses: operatorOnly(201),
  },
  {
    route: 'GET /api/connectors/{connectorId}/crawls',
    call: () => ({ path: at('/crawls') }),
    statuses: operatorOnly(200),
  },
  {
    route: 'GET /api/connectors/{connectorId}/health',
    call: () => ({ path: at('/health') }),
    statuses: operatorOnly(200),
  },
  {
    route: 'GET /api/connectors/{connectorId}/assets',
    call: () => ({ path: at('/assets') }),
    statuses: operatorOnly(200),
  },
  {
    route: 'POST /api/connectors/{connectorId}/assets',
    call: (_f, persona) => ({
      path: at('/assets'),
      body: { id: `matrix-asset-${persona}`, name: 'Matrix asset', baseUrl: 'https://data.example.org/a.csv' },
    }),
    statuses: operatorOnly(201),
  },
  {
    route: 'PUT /api/connectors/{connectorId}/assets/{objectId}',
    call: () => ({
      path: at('/assets/matrix-asset'),
      body: { name: 'Renamed matrix asset', baseUrl: 'https://data.example.org/b.csv' },
    }),
    statuses: operatorOnly(200),
  },
  {
    route: 'DELETE /api/connectors/{connectorId}/assets/{objectId}',
    call: () => ({ path: at('/assets/matrix-asset-to-delete') }),
    statuses: operatorOnly(204),
  },
  {
    route: 'GET /api/connectors/{connectorId}/policy-definitions',
    call: () => ({ path: at('/policy-definitions') }),
    statuses: operatorOnly(200),
  },
  {
    route: 'POST /api/connectors/{connectorId}/policy-definitions',
    call: (_f, persona) => ({
      path: at('/policy-definitions'),
      body: { id: `matrix-policy-${persona}`, permissions: [{ action: 'use', constraints: [] }] },
    }),
    statuses: operatorOnly(201),
  },
  {
    route: 'GET /api/connectors/{connectorId}/contract-definitions',
    call: () => ({ path: at('/contract-definitions') }),
    statuses: operatorOnly(200),
  },
  {
    route: 'POST /api/connectors/{connectorId}/contract-definitions',
    call: (_f, persona) => ({
      path: at('/contract-definitions'),
      body: {
        id: `matrix-contract-${persona}`,
        accessPolicyId: 'matrix-policy',
        contractPolicyId: 'matrix-policy',
        assetIds: [],
      },
    }),
    statuses: operatorOnly(201),
  },
  {
    route: 'DELETE /api/connectors/{connectorId}/contract-definitions/{objectId}',
    call: () => ({ path: at('/contract-definitions/matrix-contract-to-delete') }),
    statuses: operatorOnly(204),
  },
  {
    route: 'DELETE /api/connectors/{connectorId}/policy-definitions/{objectId}',
    call: () => ({ path: at('/policy-definitions/matrix-policy-to-delete') }),
    statuses: operatorOnly(204),
  },
  {
    // A buyer asks for delivery of what they bought; B did not buy S's offer. A's offer is not delivered by
    // connector, which is A's 409.
    route: 'POST /api/deliveries',
    call: (f) => ({ path: '/api/deliveries', body: { offerId: f.sOffer } }),
    statuses: signedIn({ buyerA: 409, buyerB: 403, supplierS: 403, operator: 403 }),
  },
  {
    route: 'GET /api/deliveries',
    call: () => ({ path: '/api/deliveries' }),
    statuses: anyUser(200),
    check: (answers, f) => {
      expect(answers.buyerA.text).toContain(f.aDelivery);
    },
  },
  {
    route: 'GET /api/deliveries/{deliveryId}',
    call: (f) => ({ path: `/api/deliveries/${f.aDelivery}` }),
    statuses: signedIn({ buyerA: 200, buyerB: 403, supplierS: 403, operator: 403 }),
  },
  {
    // A's delivery failed, so its data is not ready (409); nobody else learns even that.
    route: 'GET /api/deliveries/{deliveryId}/data',
    call: (f) => ({ path: `/api/deliveries/${f.aDelivery}/data` }),
    statuses: signedIn({ buyerA: 409, buyerB: 403, supplierS: 403, operator: 403 }),
  },
  {
    // A bought S's offer and S supplies it; nobody else gets a link, and no link names the source's address.
    route: 'POST /api/offers/{id}/endpoints/{endpoint}/download-link',
    call: (f) => ({ path: `/api/offers/${f.sOffer}/endpoints/0/download-link` }),
    statuses: signedIn({ buyerA: 201, buyerB: 403, supplierS: 201, operator: 403 }),
    check: (answers) => {
      for (const answer of Object.values(answers)) expect(answer.text).not.toContain('data.example.org');
    },
  },
  {
    // The link's token is the credential, so no session is needed; a forged one is refused to everyone alike.
    route: 'GET /download/{*}',
    call: () => ({ path: '/download/v1.e30.AAAA' }),
    statuses: everyone(403),
  },
  {
    route: 'HEAD /download/{*}',
    call: () => ({ path: '/download/v1.e30.AAAA' }),
    statuses: everyone(403),
  },
  {
    route: 'POST /idp-service/payment',
    call: (f, persona) => ({
      path: '/idp-service/payment',
      body: {
        consumerId: persona === 'anonymous' ? 'nobody' : idOf(persona),
        purchasedItems: [itemOf(f.paymentOffer)],
      },
    }),
    statuses: anyUser(201),
  },
  {
    route: 'GET /api/orders',
    call: () => ({ path: '/api/orders' }),
    statuses: anyUser(200),
    check: (answers, f) => {
      expect(answers.buyerA.text).toContain(f.aOrder.id);
      expect(answers.buyerB.text).toContain(f.bOrder.id);
    },
  },
  {
    route: 'GET /api/orders/{id}',
    call: (f) => ({ path: `/api/orders/${f.aOrder.id}` }),
    statuses: signedIn({ buyerA: 200, buyerB: 403, supplierS: 403, operator: 403 }),
  },
  {
    route: 'GET /api/sales',
    call: () => ({ path: '/api/sales' }),
    statuses: anyUser(200),
    check: (answers, f) => {
      expect(answers.supplierS.text).toContain(f.aInvoice);
    },
  },
  {
    route: 'GET /api/acquisitions/usage',
    call: () => ({ path: '/api/acquisitions/usage' }),
    statuses: anyUser(200),
    check: (answers, f) => {
      expect(answers.buyerA.text).toContain(f.aEntitlement);
      expect(answers.buyerB.text).not.toContain(f.aEntitlement);
    },
  },
  {
    route: 'GET /api/sales/usage',
    call: () => ({ path: '/api/sales/usage' }),
    statuses: anyUser(200),
    check: (answers, f) => {
      expect(answers.supplierS.text).toContain(f.sOffer);
      expect(answers.buyerA.text).not.toContain(f.sOffer);
    },
  },
  {
    // Only its buyer cancels a subscription; cancelling again answers the same.
    route: 'POST /api/subscriptions/{id}/cancel',
    call: (f) => ({ path: `/api/subscriptions/${f.aEntitlement}/cancel` }),
    statuses: signedIn({ buyerA: 200, buyerB: 403, supplierS: 403, operator: 403 }),
  },
  {
    route: 'POST /api/invoices/{id}/paid',
    call: (f) => ({ path: `/api/invoices/${f.aInvoice}/paid` }),
    statuses: signedIn({ buyerA: 403, buyerB: 403, supplierS: 200, operator: 403 }),
  },
  {
    route: 'GET /api/invoices/{id}/pdf',
    call: (f) => ({ path: `/api/invoices/${f.aInvoice}/pdf` }),
    statuses: signedIn({ buyerA: 200, buyerB: 403, supplierS: 200, operator: 403 }),
  },
  {
    route: 'GET /api/invoices/{id}/xml',
    call: (f) => ({ path: `/api/invoices/${f.aInvoice}/xml` }),
    statuses: signedIn({ buyerA: 200, buyerB: 403, supplierS: 200, operator: 403 }),
  },
  {
    route: 'GET /api/invoices/{id}/facturx',
    call: (f) => ({ path: `/api/invoices/${f.aInvoice}/facturx` }),
    statuses: signedIn({ buyerA: 200, buyerB: 403, supplierS: 200, operator: 403 }),
  },
  {
    route: 'GET /api/commission-invoices/{id}/pdf',
    call: (f) => ({ path: `/api/commission-invoices/${f.aCommissionInvoice}/pdf` }),
    // The supplier it bills and the operator who issued it: not the buyer of the sale.
    statuses: signedIn({ buyerA: 403, buyerB: 403, supplierS: 200, operator: 200 }),
  },
  {
    route: 'GET /api/commission-invoices/{id}/xml',
    call: (f) => ({ path: `/api/commission-invoices/${f.aCommissionInvoice}/xml` }),
    statuses: signedIn({ buyerA: 403, buyerB: 403, supplierS: 200, operator: 200 }),
  },
  {
    route: 'GET /api/commission-invoices/{id}/facturx',
    call: (f) => ({ path: `/api/commission-invoices/${f.aCommissionInvoice}/facturx` }),
    statuses: signedIn({ buyerA: 403, buyerB: 403, supplierS: 200, operator: 200 }),
  },
  {
    // The same readers; no cancellation invoice exists while the sale stands.
    route: 'GET /api/commission-invoices/{id}/cancellation/pdf',
    call: (f) => ({ path: `/api/commission-invoices/${f.aCommissionInvoice}/cancellation/pdf` }),
    statuses: signedIn({ buyerA: 403, buyerB: 403, supplierS: 404, operator: 404 }),
  },
  {
    // Everyone gets a list: the operator all commission invoices, a supplier its own, a buyer none.
    route: 'GET /api/commission-invoices',
    call: () => ({ path: '/api/commission-invoices' }),
    statuses: anyUser(200),
    isSaleNumberTheOperators: true,
    check: (answers, f) => {
      expect(answers.supplierS.text).toContain(f.aCommissionInvoice);
      expect(answers.operator.text).toContain(f.aCommissionInvoice);
      for (const persona of ['buyerA', 'buyerB'] as const) {
        expect(answers[persona].text).not.toContain(f.aCommissionInvoice);
      }
    },
  },
  {
    // The operator records the supplier's payment; recording it again answers the same.
    route: 'POST /api/commission-invoices/{id}/paid',
    call: (f) => ({ path: `/api/commission-invoices/${f.aCommissionInvoice}/paid` }),
    statuses: operatorOnly(200),
    isSaleNumberTheOperators: true,
  },
  {
    route: 'GET /api/offers/{id}/sale-status',
    call: (f) => ({ path: `/api/offers/${f.sOffer}/sale-status` }),
    statuses: anyUser(200),
    check: (answers) => {
      // Each caller is told about themselves: A bought it, S sells it.
      expect(JSON.parse(answers.buyerA.text)).toMatchObject({ refusal: 'ALREADY_YOURS' });
      expect(JSON.parse(answers.supplierS.text)).toMatchObject({ refusal: 'OWN_OFFER' });
      expect(JSON.parse(answers.buyerB.text)).toMatchObject({ refusal: null });
    },
  },
  {
    route: 'GET /api/offers/{id}/terms',
    call: (f) => ({ path: `/api/offers/${f.sOffer}/terms` }),
    statuses: anyUser(200),
  },
  {
    route: 'GET /api/profile/organisation',
    call: () => ({ path: '/api/profile/organisation' }),
    statuses: anyUser(200),
    check: (answers) => {
      // Each caller gets their own organisation, never another's.
      const idOfAnswer = (text: string) => (JSON.parse(text) as { organisation: { id: string } }).organisation.id;
      expect(idOfAnswer(answers.buyerA.text)).not.toBe(idOfAnswer(answers.buyerB.text));
    },
  },
  {
    route: 'PUT /api/profile/organisation',
    call: (_f, persona) => ({
      path: '/api/profile/organisation',
      body: { ...TEST_ORGANISATION, legalName: `Organisation of ${persona}` },
    }),
    statuses: anyUser(200),
    check: (answers) => {
      expect(answers.buyerA.text).toContain('Organisation of buyerA');
      expect(answers.buyerA.text).not.toContain('Organisation of buyerB');
    },
  },
  {
    route: 'GET /api/organisations/{organisationId}/connector',
    call: (f) => ({ path: `/api/organisations/${f.aOrganisation}/connector` }),
    statuses: signedIn({ buyerA: 200, buyerB: 403, supplierS: 403, operator: 200 }),
  },
  {
    route: 'PUT /api/organisations/{organisationId}/connector',
    call: (f, persona) => ({
      path: `/api/organisations/${f.aOrganisation}/connector`,
      body: {
        participantId: `${EDC}-of-${persona}`,
        protocolUrl: `${edc.url}/protocol`,
        managementUrl: `${edc.url}/management`,
        apiKey: API_KEY,
      },
    }),
    statuses: signedIn({ buyerA: 200, buyerB: 403, supplierS: 403, operator: 200 }),
    check: (answers) => {
      expect(answers.buyerA.text).not.toContain(API_KEY);
      expect(answers.buyerB.text).not.toContain(`${EDC}-of-`);
    },
  },
  {
    route: 'DELETE /api/organisations/{organisationId}/connector',
    call: (f) => ({ path: `/api/organisations/${f.aOrganisation}/connector` }),
    // The operator passes the policy too, and finds the connector buyerA removed just before gone.
    statuses: signedIn({ buyerA: 204, buyerB: 403, supplierS: 403, operator: 404 }),
  },
  { route: 'GET /api/harvest/sources', call: () => ({ path: '/api/harvest/sources' }), statuses: operatorOnly(200) },
  {
    route: 'POST /api/harvest/sources',
    call: (_f, persona) => ({
      path: '/api/harvest/sources',
      body: { name: `Source of ${persona}`, location: 'https://data.example.org/catalog.ttl', format: 'dcat-turtle' },
    }),
    statuses: operatorOnly(201),
  },
  {
    route: 'DELETE /api/harvest/sources/{id}',
    call: (f) => ({ path: `/api/harvest/sources/${f.harvestSource}` }),
    statuses: operatorOnly(204),
  },
  {
    // An unknown source: the operator passes the role check and learns it does not exist; nothing is fetched.
    route: 'POST /api/harvest/sources/{id}/run',
    call: () => ({ path: `/api/harvest/sources/${UNKNOWN_ID}/run` }),
    statuses: operatorOnly(404),
  },
  { route: 'GET /api/catalog', call: () => ({ path: '/api/catalog' }), statuses: anyUser(200) },
  { route: 'GET /api/catalog/{id}', call: (f) => ({ path: `/api/catalog/${f.sOffer}` }), statuses: anyUser(200) },
  { route: 'GET /api/saved-searches', call: () => ({ path: '/api/saved-searches' }), statuses: anyUser(200) },
  {
    route: 'POST /api/saved-searches',
    call: () => ({ path: '/api/saved-searches', body: { name: 'Matrix' } }),
    statuses: anyUser(201),
  },
  {
    // Another user's saved search is as unknown as one that does not exist.
    route: 'PATCH /api/saved-searches/{id}',
    call: () => ({ path: `/api/saved-searches/${UNKNOWN_ID}`, body: { name: 'Renamed' } }),
    statuses: anyUser(404),
  },
  {
    route: 'DELETE /api/saved-searches/{id}',
    call: () => ({ path: `/api/saved-searches/${UNKNOWN_ID}` }),
    statuses: anyUser(404),
  },
  { route: 'GET /api/notifications', call: () => ({ path: '/api/notifications' }), statuses: anyUser(200) },
  {
    route: 'GET /api/notifications/unread-count',
    call: () => ({ path: '/api/notifications/unread-count' }),
    statuses: anyUser(200),
  },
  {
    route: 'POST /api/notifications/{id}/read',
    call: () => ({ path: `/api/notifications/${UNKNOWN_ID}/read` }),
    statuses: anyUser(404),
  },
  {
    route: 'POST /api/notifications/read-all',
    call: () => ({ path: '/api/notifications/read-all' }),
    statuses: anyUser(200),
  },
  { route: 'GET /api/alerts/preferences', call: () => ({ path: '/api/alerts/preferences' }), statuses: anyUser(200) },
  {
    route: 'PUT /api/alerts/preferences',
    call: () => ({ path: '/api/alerts/preferences', body: {} }),
    statuses: anyUser(200),
  },
  {
    // The unsubscribe link needs no session: its token is the credential, and an unknown one is a 404 for anyone.
    route: 'GET /api/unsubscribe',
    call: () => ({ path: `/api/unsubscribe?token=${'A'.repeat(43)}` }),
    statuses: everyone(404),
  },
  {
    route: 'POST /api/unsubscribe',
    call: () => ({ path: `/api/unsubscribe?token=${'A'.repeat(43)}` }),
    statuses: everyone(404),
  },
];

function openApiRoutes(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const document = JSON.parse(readFileSync(path.resolve(here, '../../../docs/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`),
  );
}

async function send(row: TRow, persona: TPersona): Promise<TAnswer> {
  const { path: url, body, headers } = row.call(fixture, persona);
  const method = row.route.split(' ')[0]!;
  const response = await fetch(`${testApp.baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headersOf(persona),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const text = isJson ? await response.text() : `<${response.headers.get('content-type')}>`;
  if (!isJson) await response.body?.cancel();
  return { status: response.status, text, body: isJson && text ? JSON.parse(text) : null };
}

/**
 * Strings that identify a buyer and their records; nobody else may be shown them. Not the user's id or name:
 * whoever publishes an offer (every caller does in the POST /api/offers row) appears in the public catalogue as
 * its publisher `urn:dsm:supplier:{user id}` with that name, and neither grants anything, since every call acts as
 * the token's subject. The sign-in address stays private even then.
 */
function secretsOf(persona: 'buyerA' | 'buyerB'): string[] {
  const order = persona === 'buyerA' ? fixture.aOrder : fixture.bOrder;
  const invoice = order.invoices[0]!;
  const delivery = persona === 'buyerA' ? [fixture.aDelivery] : [];
  return [who[persona].user.email, order.id, invoice.id, invoice.number, ...delivery];
}

/** Who may see a buyer's records besides the buyer: A's supplier S sees A in its sales and on A's invoice. */
const MAY_SEE: Record<'buyerA' | 'buyerB', TPersona[]> = { buyerA: ['buyerA', 'supplierS'], buyerB: ['buyerB'] };

beforeAll(async () => {
  [testApp, edc] = await Promise.all([
    startTestApp({ ORDER_RATE_LIMIT: '0', SEARCH_RATE_LIMIT: '0' }),
    startSandbox({ basePath: `/${EDC}`, participantId: EDC, apiKey: API_KEY }),
  ]);
  const db = testApp.database.db;
  await seedLicences(db);
  edcClient = createConnectorClient({
    addresses: { management: `${edc.url}/management` },
    apiKey: API_KEY,
  });
  await insertConnector(db, { name: 'Matrix EDC', url: edc.url, apiKey: API_KEY });
  await insertConnector(db, { name: 'Removable EDC', url: 'https://8.8.8.8/matrix-removable', apiKey: null });
  const operatorRole = `${testApp.config.productId}_OPERATOR`;
  [who.noRole, who.buyerA, who.buyerB, who.supplierS, who.operator] = await Promise.all([
    signIn(testApp, { roles: [], email: 'no-role-matrix@example.org' }),
    signIn(testApp, { name: 'Alice Matrix', email: 'alice-matrix@example.org' }),
    signIn(testApp, { name: 'Bob Matrix', email: 'bob-matrix@example.org' }),
    signIn(testApp, { name: 'Sam Supplier', email: 'sam-matrix@example.org' }),
    signIn(testApp, { email: 'operator-matrix@example.org', roles: [testApp.config.userRole, operatorRole] }),
  ]);

  const publish = async (title: string) => {
    const response = await request<TOwnOfferDetails>(
      testApp.baseUrl,
      'POST',
      '/api/offers',
      offerInput(title),
      who.supplierS.headers,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body['@id'];
  };
  const sOffer = await publish("Sam's sensor readings");
  const sOfferToUnpublish = await publish("Sam's retired readings");
  const otherSupplier = { id: 'https://dsm.example/agents/matrix-other', name: 'Other' };
  const otherSupplierOffer = await insertOfferOf(db, otherSupplier);
  const paymentOffer = await insertOfferOf(db, otherSupplier);
  await sellFor(db, otherSupplier);
  const aLikedOffer = sOffer;
  const bLikedOffer = sOfferToUnpublish;
  for (const [persona, offerId] of [
    ['buyerA', aLikedOffer],
    ['buyerB', bLikedOffer],
  ] as const) {
    const liked = await request(
      testApp.baseUrl,
      'POST',
      `/api/metadata/like?uuid=${offerId}`,
      undefined,
      headersOf(persona),
    );
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
  }
  const pay = async (persona: 'buyerA' | 'buyerB', item: { productId: string; providerId: string }) => {
    const response = await request<TOrder>(
      testApp.baseUrl,
      'POST',
      '/idp-service/payment',
      { consumerId: idOf(persona), purchasedItems: [item] },
      headersOf(persona),
    );
    expect(response.status).toBe(201);
    return response.body;
  };
  const aOrder = await pay('buyerA', { productId: sOffer, providerId: supplierAgentId(idOf('supplierS')) });
  const bOrder = await pay('buyerB', itemOf(otherSupplierOffer));
  const delivery = await upsertDelivery(
    db,
    {
      orderId: aOrder.id,
      offerId: sOffer,
      buyerId: idOf('buyerA'),
      consumerConnectorId: EDC,
      providerConnectorId: EDC,
      assetId: 'matrix-asset',
    },
    { last_error: 'The negotiation was terminated: matrix' },
  );
  const source = await request<{ id: string }>(
    testApp.baseUrl,
    'POST',
    '/api/harvest/sources',
    { name: 'Removable source', location: 'https://data.example.org/removable.ttl', format: 'dcat-turtle' },
    headersOf('operator'),
  );
  expect(source.status).toBe(201);

  // The connector objects the console rows change or delete.
  await edcClient.assets.create({
    id: 'matrix-asset',
    properties: { name: 'Matrix asset' },
    dataAddress: { type: 'HttpData', baseUrl: 'https://data.example.org/a.csv' },
  });
  await edcClient.assets.create({
    id: 'matrix-asset-to-delete',
    properties: { name: 'Doomed asset' },
    dataAddress: { type: 'HttpData', baseUrl: 'https://data.example.org/d.csv' },
  });
  for (const id of ['matrix-policy', 'matrix-policy-to-delete']) {
    await edcClient.policyDefinitions.create({
      id,
      policy: { type: 'Set', permissions: [{ action: 'use', constraints: [] }] },
    });
  }
  await edcClient.contractDefinitions.create({
    id: 'matrix-contract-to-delete',
    accessPolicyId: 'matrix-policy',
    contractPolicyId: 'matrix-policy',
    assetsSelector: [],
  });
  await edcClient.secrets.create({ id: 'matrix-secret', value: 'initial' });

  fixture = {
    sOffer,
    sOfferToUnpublish,
    aLikedOffer,
    bLikedOffer,
    otherSupplierOffer,
    paymentOffer,
    aOrder,
    bOrder,
    aInvoice: aOrder.invoices[0]!.id,
    aCommissionInvoice: (
      await testApp.database.db
        .selectFrom('commission_invoices')
        .select('id')
        .where('invoice_id', '=', aOrder.invoices[0]!.id)
        .executeTakeFirstOrThrow()
    ).id,
    aEntitlement: (
      await db.selectFrom('entitlements').select('id').where('order_id', '=', aOrder.id).executeTakeFirstOrThrow()
    ).id,
    aDelivery: delivery.id,
    harvestSource: source.body.id,
    aOrganisation: (
      await db
        .selectFrom('organisation_members')
        .select('organisation_id')
        .where('user_id', '=', idOf('buyerA'))
        .executeTakeFirstOrThrow()
    ).organisation_id,
  };
}, 60_000);

afterAll(async () => {
  await Promise.all([testApp?.close(), edc?.close()]);
});

describe('authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, and no row for a route it lacks', () => {
    const documented = openApiRoutes().sort();
    const covered = ROWS.map((row) => row.route).sort();
    expect(covered).toEqual(documented);
  });

  it.each(ROWS.map((row) => [row.route, row] as const))(
    '%s answers each caller as the policy says',
    async (_route, row) => {
      const answers = {} as Record<TPersona, TAnswer>;
      for (const persona of PERSONAS) answers[persona] = await send(row, persona);
      const statuses = Object.fromEntries(PERSONAS.map((persona) => [persona, answers[persona].status]));
      expect(statuses).toEqual(row.statuses);
      for (const persona of PERSONAS) {
        const { status, body } = answers[persona];
        // A HEAD answer has no body to hold one.
        if (status < 400 || row.route.startsWith('HEAD ')) continue;
        // Every refusal has the common error body, whoever is refused and why.
        expect(body, `${persona}: ${status}`).toMatchObject({
          statusCode: status,
          code: expect.any(String),
          message: expect.any(String),
          requestId: expect.any(String),
        });
      }

      for (const owner of ['buyerA', 'buyerB'] as const) {
        const asked = JSON.stringify(row.call(fixture, owner));
        for (const persona of PERSONAS) {
          if (MAY_SEE[owner].includes(persona)) continue;
          const own = JSON.stringify(row.call(fixture, persona));
          for (const secret of secretsOf(owner)) {
            // An id the caller sent itself may come back in the error message; that tells it nothing new.
            if (own.includes(secret)) continue;
            const saleNumber = (owner === 'buyerA' ? fixture.aOrder : fixture.bOrder).invoices[0]!.number;
            if (row.isSaleNumberTheOperators && persona === 'operator' && secret === saleNumber) continue;
            expect(answers[persona].text, `${persona} must not see ${owner}'s ${secret} (${asked})`).not.toContain(
              secret,
            );
          }
        }
      }
      await row.check?.(answers, fixture);
    },
  );
});

describe('regressions of the matrix', () => {
  it("publishes a supplier's offers without the supplier's sign-in address", async () => {
    const email = who.supplierS.user.email;
    for (const path of [`/api/metadata/${fixture.sOffer}`, `/api/catalog/${fixture.sOffer}`]) {
      const answer = await request(testApp.baseUrl, 'GET', path, undefined, headersOf('buyerB'));
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(email);
    }
    const search = await request(
      testApp.baseUrl,
      'POST',
      '/api/search',
      { index: 0, pageSize: 1000 },
      headersOf('buyerB'),
    );
    expect(JSON.stringify(search.body)).toContain(fixture.sOffer);
    expect(JSON.stringify(search.body)).not.toContain(email);
  });

  // The role was checked after the body: a user without it learned from a 400 what the body lacked.
  it.each(
    ROWS.filter((row) => row.statuses.buyerA === 403 && row.statuses.operator !== 403)
      .filter((row) => /^(POST|PUT) /.test(row.route))
      .map((row) => [row.route, row] as const),
  )('%s refuses a user without the operator role before it reads the body', async (_route, row) => {
    const { path: url } = row.call(fixture, 'buyerA');
    const response = await request<{ code: string }>(
      testApp.baseUrl,
      row.route.split(' ')[0]!,
      url,
      { unexpected: true },
      headersOf('buyerA'),
    );
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('FORBIDDEN');
  });

  it.each(ROWS.filter((row) => row.statuses.anonymous === 401).map((row) => [row.route, row] as const))(
    '%s stays closed to a caller without a token who percent-encodes its path',
    async (_route, row) => {
      const { path: url, body } = row.call(fixture, 'anonymous');
      const encoded = url
        .replace(/^\/api\//, '/%61pi/')
        .replace(/^\/idp-service\//, '/%69dp-service/')
        .replace(/^\/gateway\//, '/%67ateway/');
      expect(encoded).not.toBe(url);
      const response = await fetch(`${testApp.baseUrl}${encoded}`, {
        method: row.route.split(' ')[0],
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status).toBe(401);
    },
  );

  it("B cannot place an order in A's name", async () => {
    const response = await request<{ code: string }>(
      testApp.baseUrl,
      'POST',
      '/idp-service/payment',
      { consumerId: idOf('buyerA'), purchasedItems: [itemOf(fixture.otherSupplierOffer)] },
      headersOf('buyerB'),
    );
    expect(response.status).toBe(403);
    const orders = await request<{ data: TOrder[] }>(
      testApp.baseUrl,
      'GET',
      '/api/orders',
      undefined,
      headersOf('buyerA'),
    );
    expect(orders.body.data.every((order) => order.consumerId === idOf('buyerA'))).toBe(true);
  });
});
