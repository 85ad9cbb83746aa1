import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ConnectorClient, createConnectorClient } from '@dsm/connector-client';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import {
  DeliveryStep,
  ErrorCode,
  type TAcquisitionListResponse,
  type TDelivery,
  type TDeliveryListResponse,
  type TErrorResponse,
  type TOrganisationConnectorSaveResponse,
  type TOwnOrganisationResponse,
} from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { startTestApp, type TBody, type TTestApp } from '../../test/test-app';
import { connectorIdsOf } from '../catalogue/offer-connector-ids';
import type { TOfferRecord } from '../catalogue/offer-record';
import { insertConnector } from '../connectors/connector-repository';
import { crawlConnector } from '../dataspace-crawl/crawl-connector';
import { crawledOfferId } from '../dataspace-crawl/map-catalog-dataset';
import { checkOut, checkOutPublished, insertOfferOf, SUPPLIER_A, sellFor } from '../orders/orders-test-data';
import { upsertBuyerConnector, upsertDelivery } from './delivery-repository';
import { refreshDelivery } from './refresh-delivery';

const API_KEY = 'deliveries-api-test-key';
const EDC_ID = 'https://w3id.org/edc/v0.0.1/ns/id';
const DATA = 'gauge,level_cm\nCuxhaven,412\nHamburg,388\n';

let testApp: TTestApp;
let supplierEdc: Sandbox;
let buyerEdc: Sandbox;
/** A participant of the data space whose offers reach the marketplace only by the crawl. */
let harbourEdc: Sandbox;
let supplierClient: ConnectorClient;
let buyerClient: ConnectorClient;

/** A Connector-access offer for sale by the supplier's connector, which does not know it yet. */
async function unpublishedConnectorOffer(): Promise<TOfferRecord> {
  const offer = await insertOfferOf(testApp.database.db, SUPPLIER_A);
  await sellFor(testApp.database.db, SUPPLIER_A);
  await testApp.database.db
    .updateTable('offers')
    .set({ access_type: 'CONNECTOR', connector_id: 'supplier-edc' })
    .where('id', '=', offer.id)
    .execute();
  return offer;
}

/** A Connector-access offer for sale, published on the supplier's sandbox with the ids publishing would give it. */
async function connectorOffer(
  content = DATA,
  dataAddress: Record<string, unknown> = { type: 'InlineData', content, contentType: 'text/csv' },
): Promise<TOfferRecord> {
  const offer = await unpublishedConnectorOffer();
  const ids = connectorIdsOf(offer.id, 1);
  await supplierClient.assets.create({
    id: ids.assetIds[0]!,
    properties: { name: offer.title },
    dataAddress: dataAddress as { type: string },
  });
  await supplierClient.policyDefinitions.create({
    id: ids.policyId,
    policy: { type: 'Set', permissions: [{ action: 'use', constraints: [] }] },
  });
  await supplierClient.contractDefinitions.create({
    id: ids.contractDefinitionId,
    accessPolicyId: ids.policyId,
    contractPolicyId: ids.policyId,
    assetsSelector: [{ operandLeft: EDC_ID, operator: '=', operandRight: ids.assetIds[0]! }],
  });
  return offer;
}

/** A signed-in user who bought the given offers. */
async function buyerOf(email: string, ...offers: TOfferRecord[]): Promise<TSignedIn> {
  const buyer = await signIn(testApp, { email, name: email.split('@')[0]! });
  const order = await checkOut(testApp, buyer, offers);
  expect(order.status).toBe(201);
  return buyer;
}

/** A Connector-access offer bought by a new buyer who takes deliveries with the connector 'buyer-edc'. */
async function connectorOfferBought(email: string): Promise<{ offer: TOfferRecord; buyer: TSignedIn }> {
  const offer = await connectorOffer();
  const buyer = await buyerOf(email, offer);
  await upsertBuyerConnector(testApp.database.db, buyer.user.id, 'buyer-edc');
  return { offer, buyer };
}

const requestAccess = (who: TSignedIn, offerId: string) =>
  requestAs<TBody<TDelivery>>(testApp, who, 'POST', '/api/deliveries', { offerId });
const listOf = (who: TSignedIn) => requestAs<TBody<TDeliveryListResponse>>(testApp, who, 'GET', '/api/deliveries');

/** Polls the buyer's list, as My Acquisitions does, until the delivery is as expected. */
async function waitFor(
  who: TSignedIn,
  deliveryId: string,
  isDone: (delivery: TDelivery) => boolean,
): Promise<TDelivery> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = await listOf(who);
    expect(list.status).toBe(200);
    const delivery = list.body.find((candidate) => candidate.id === deliveryId);
    if (delivery && isDone(delivery)) return delivery;
    if (Date.now() > deadline) throw new Error(`Delivery ${deliveryId} stayed at ${JSON.stringify(delivery)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The buyer's usage of an offer, oldest first, once `count` events are there (a read is metered when its answer closed). */
async function usageOf(who: TSignedIn, offer: TOfferRecord, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await testApp.database.db
      .selectFrom('usage_events')
      .select(['channel', 'succeeded', 'http_status', 'bytes'])
      .where('user_id', '=', who.user.id)
      .where('offer_id', '=', offer.id)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  [testApp, supplierEdc, buyerEdc, harbourEdc] = await Promise.all([
    // The supplier's sandbox stands in for the marketplace's connector that organisations' connectors are checked against.
    startTestApp({ MARKETPLACE_CONNECTOR_ID: 'supplier-edc' }),
    startSandbox({ basePath: '/supplier-edc', participantId: 'supplier-edc', apiKey: API_KEY }),
    // Slow enough that a test can terminate the negotiation before it is FINALIZED.
    startSandbox({ basePath: '/buyer-edc', participantId: 'buyer-edc', apiKey: API_KEY, stepDelayMs: 100 }),
    // Registered as 'harbour-edc' (its URL's last segment), its participant id is its BPN, as a Catena-X connector's is.
    startSandbox({
      basePath: '/harbour-edc',
      participantId: 'BPNL00000000HARB',
      apiKey: API_KEY,
      seed: {
        assets: [
          {
            '@context': { '@vocab': 'https://w3id.org/edc/v0.0.1/ns/' },
            '@id': 'tide-gauges',
            properties: { name: 'Tide gauges of the Elbe estuary' },
            dataAddress: { type: 'InlineData', content: DATA, contentType: 'text/csv' },
          },
        ],
        policyDefinitions: [
          {
            '@context': { '@vocab': 'https://w3id.org/edc/v0.0.1/ns/' },
            '@id': 'open',
            policy: {
              '@context': 'http://www.w3.org/ns/odrl.jsonld',
              '@type': 'Set',
              permission: [{ action: 'use' }],
            },
          },
        ],
        contractDefinitions: [
          {
            '@context': { '@vocab': 'https://w3id.org/edc/v0.0.1/ns/' },
            '@id': 'tides',
            accessPolicyId: 'open',
            contractPolicyId: 'open',
            assetsSelector: [],
          },
        ],
      },
    }),
  ]);
  supplierClient = createConnectorClient({ addresses: supplierEdc.addresses, apiKey: API_KEY });
  buyerClient = createConnectorClient({ addresses: buyerEdc.addresses, apiKey: API_KEY });
  await insertConnector(testApp.database.db, { name: 'Supplier EDC', url: supplierEdc.url, apiKey: API_KEY });
  // The buyer's connector, which negotiates, transfers and holds the EDR, speaks Management API v4 as a current EDC
  // does; the supplier's is read in v3: deliveries work across both.
  await insertConnector(testApp.database.db, {
    name: 'Buyer EDC',
    url: buyerEdc.url,
    apiKey: API_KEY,
    managementApiVersion: 'v4',
  });
  await insertConnector(testApp.database.db, { name: 'Harbour EDC', url: harbourEdc.url, apiKey: API_KEY });
});

afterAll(async () => {
  await Promise.all([testApp?.close(), supplierEdc?.close(), buyerEdc?.close(), harbourEdc?.close()]);
});

describe('delivery of a Connector offer', () => {
  it('negotiates, transfers and downloads bytes equal to the asset data; the state survives a new read', async () => {
    const { offer, buyer } = await connectorOfferBought('delivery-buyer@example.org');
    const acquisitions = await requestAs<TAcquisitionListResponse>(testApp, buyer, 'GET', '/api/acquisitions');
    expect(acquisitions.body.map((entry) => [entry.offer['@id'], entry.isDeliveredByConnector])).toEqual([
      [offer.id, true],
    ]);

    const requested = await requestAccess(buyer, offer.id);
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({
      offerId: offer.id,
      step: DeliveryStep.NEGOTIATING,
      consumerConnectorId: 'buyer-edc',
      providerConnectorId: 'supplier-edc',
      assetId: connectorIdsOf(offer.id, 1).assetIds[0],
      transfer: null,
      error: null,
    });
    const early = await fetch(`${testApp.baseUrl}/api/deliveries/${requested.body.id}/data`, {
      headers: buyer.headers,
    });
    expect(early.status).toBe(409);

    // Asking again while it runs answers the same delivery instead of negotiating twice.
    const again = await requestAccess(buyer, offer.id);
    expect(again.body.id).toBe(requested.body.id);
    expect(again.body.negotiation?.id).toBe(requested.body.negotiation?.id);

    const ready = await waitFor(
      buyer,
      requested.body.id,
      (delivery) => delivery.step !== DeliveryStep.NEGOTIATING && delivery.step !== DeliveryStep.TRANSFERRING,
    );
    expect(ready).toMatchObject({ step: DeliveryStep.READY, negotiation: { state: 'FINALIZED' }, error: null });
    expect(ready.agreementId).toEqual(expect.any(String));
    expect(ready.transfer).toEqual({ id: expect.any(String), state: 'STARTED' });
    const negotiation = await buyerClient.contractNegotiations.get(ready.negotiation!.id);
    expect(negotiation.contractAgreementId).toBe(ready.agreementId);

    const data = await fetch(`${testApp.baseUrl}/api/deliveries/${ready.id}/data`, { headers: buyer.headers });
    expect(data.status).toBe(200);
    expect(await data.text()).toBe(DATA);

    const one = await requestAs<TDelivery>(testApp, buyer, 'GET', `/api/deliveries/${ready.id}`);
    expect(one.body).toMatchObject({ step: DeliveryStep.READY, transfer: ready.transfer });

    // The finished transfer counts once toward the buyer's entitlement, however often the delivery is
    // read; the data read through the marketplace counts with the bytes it sent.
    await listOf(buyer);
    const usage = await usageOf(buyer, offer, 2);
    expect(usage).toEqual([
      { channel: 'connector', succeeded: true, http_status: null, bytes: '0' },
      { channel: 'connector', succeeded: true, http_status: 200, bytes: String(Buffer.byteLength(DATA)) },
    ]);
  });

  it("negotiates through the buyer organisation's own connector, before one an operator assigned to the buyer", async () => {
    const offer = await connectorOffer();
    const buyer = await buyerOf('delivery-organisation@example.org', offer);
    // A personal assignment to a connector that is not registered: used, the request would fail with 409.
    await upsertBuyerConnector(testApp.database.db, buyer.user.id, 'retired-edc');
    const own = await requestAs<TOwnOrganisationResponse>(testApp, buyer, 'GET', '/api/profile/organisation');
    const organisationId = own.body.organisation!.id;
    const registered = await requestAs<TBody<TOrganisationConnectorSaveResponse>>(
      testApp,
      buyer,
      'PUT',
      `/api/organisations/${organisationId}/connector`,
      {
        participantId: 'buyer-edc',
        protocolUrl: buyerEdc.addresses.protocol,
        managementUrl: buyerEdc.addresses.management,
        apiKey: API_KEY,
      },
    );
    expect(registered.status).toBe(200);
    expect(registered.body.checks.map((check) => check.outcome)).toEqual(['passed', 'passed']);

    const requested = await requestAccess(buyer, offer.id);
    expect(requested.status).toBe(201);
    expect(requested.body.consumerConnectorId).toBe(`org-${organisationId}`);
    const ready = await waitFor(buyer, requested.body.id, (delivery) => delivery.step === DeliveryStep.READY);
    // The negotiation ran on the organisation's connector.
    expect((await buyerClient.contractNegotiations.get(ready.negotiation!.id)).contractAgreementId).toBe(
      ready.agreementId,
    );
    const data = await fetch(`${testApp.baseUrl}/api/deliveries/${ready.id}/data`, { headers: buyer.headers });
    expect(await data.text()).toBe(DATA);

    // Without the organisation's connector, the operator's assignment is the fallback.
    const removed = await requestAs(testApp, buyer, 'DELETE', `/api/organisations/${organisationId}/connector`);
    expect(removed.status).toBe(204);
    const second = await connectorOffer();
    await checkOut(testApp, buyer, [second]);
    await upsertBuyerConnector(testApp.database.db, buyer.user.id, 'buyer-edc');
    const fallback = await requestAccess(buyer, second.id);
    expect(fallback.status).toBe(201);
    expect(fallback.body.consumerConnectorId).toBe('buyer-edc');
  });

  it("delivers an offer the crawl made: acquired at 0 €, negotiated with the participant's id and DSP address", async () => {
    const run = await crawlConnector({ db: testApp.database.db, connectorId: 'harbour-edc' });
    expect(run).toMatchObject({ status: 'succeeded', counts: { added: 1 } });
    const offerId = crawledOfferId('harbour-edc', 'tide-gauges');
    const buyer = await signIn(testApp, { email: 'delivery-crawled@example.org', name: 'Crawled buyer' });
    const order = await checkOutPublished(testApp, buyer, [offerId]);
    expect(order.status).toBe(201);
    await upsertBuyerConnector(testApp.database.db, buyer.user.id, 'buyer-edc');
    const acquisitions = await requestAs<TAcquisitionListResponse>(testApp, buyer, 'GET', '/api/acquisitions');
    expect(acquisitions.body.map((entry) => [entry.offer['@id'], entry.isDeliveredByConnector])).toEqual([
      [offerId, true],
    ]);

    const requested = await requestAccess(buyer, offerId);
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({
      step: DeliveryStep.NEGOTIATING,
      consumerConnectorId: 'buyer-edc',
      providerConnectorId: 'harbour-edc',
      assetId: 'tide-gauges',
      error: null,
    });
    const ready = await waitFor(
      buyer,
      requested.body.id,
      (delivery) => delivery.step !== DeliveryStep.NEGOTIATING && delivery.step !== DeliveryStep.TRANSFERRING,
    );
    expect(ready).toMatchObject({ step: DeliveryStep.READY, error: null });
    // The buyer's connector negotiated with the participant the catalog named, not with the registration's id.
    const negotiation = await buyerClient.contractNegotiations.get(ready.negotiation!.id);
    expect(negotiation.counterPartyId).toBe('BPNL00000000HARB');
    const data = await fetch(`${testApp.baseUrl}/api/deliveries/${ready.id}/data`, { headers: buyer.headers });
    expect(data.status).toBe(200);
    expect(await data.text()).toBe(DATA);
  });

  it('meters the bytes actually sent of a read the buyer aborts, as not succeeded', async () => {
    // A source that sends its first part and then holds the rest back, so the buyer leaves mid-way.
    const FIRST_PART = 'gauge,level_cm\n'.repeat(64);
    const source = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.write(FIRST_PART);
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = source.address() as AddressInfo;
      const offer = await connectorOffer('', { type: 'HttpData', baseUrl: `http://127.0.0.1:${port}/gauges.csv` });
      const buyer = await buyerOf('delivery-abort@example.org', offer);
      await upsertBuyerConnector(testApp.database.db, buyer.user.id, 'buyer-edc');
      const requested = await requestAccess(buyer, offer.id);
      const ready = await waitFor(buyer, requested.body.id, (delivery) => delivery.step === DeliveryStep.READY);
      const controller = new AbortController();
      const response = await fetch(`${testApp.baseUrl}/api/deliveries/${ready.id}/data`, {
        headers: buyer.headers,
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let received = 0;
      while (received < FIRST_PART.length) received += (await reader.read()).value?.length ?? 0;
      controller.abort();

      const usage = await usageOf(buyer, offer, 2);
      expect(usage[1]).toEqual({
        channel: 'connector',
        succeeded: false,
        http_status: 200,
        bytes: String(FIRST_PART.length),
      });
    } finally {
      source.closeAllConnections();
      await new Promise((resolve) => source.close(resolve));
    }
  });

  it('refuses access with 403 once the entitlement of a paid offer ended, and says so', async () => {
    const { offer, buyer } = await connectorOfferBought('delivery-ended@example.org');
    await testApp.database.db
      .updateTable('entitlements')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', buyer.user.id)
      .execute();
    const response = await requestAccess(buyer, offer.id);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ statusCode: 403, code: ErrorCode.FORBIDDEN });
    expect(response.body.message).toContain('gives no access now');
    expect((await listOf(buyer)).body).toEqual([]);
  });

  it("answers 403 with the error body for another user's delivery and for an offer the user did not buy", async () => {
    const { offer, buyer } = await connectorOfferBought('delivery-owner@example.org');
    const requested = await requestAccess(buyer, offer.id);
    expect(requested.status).toBe(201);

    const stranger = await signIn(testApp, { email: 'delivery-stranger@example.org', name: 'Stranger' });
    await upsertBuyerConnector(testApp.database.db, stranger.user.id, 'buyer-edc');
    for (const path of [`/api/deliveries/${requested.body.id}`, `/api/deliveries/${requested.body.id}/data`]) {
      const response = await requestAs<TErrorResponse>(testApp, stranger, 'GET', path);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ statusCode: 403, code: ErrorCode.FORBIDDEN });
    }
    const notBought = await requestAccess(stranger, offer.id);
    expect(notBought.status).toBe(403);
    expect(notBought.body.message).toContain('not bought');
    expect((await listOf(stranger)).body).toEqual([]);
  });

  it('answers 409 saying so when the buyer has no connector', async () => {
    const offer = await connectorOffer();
    const buyer = await buyerOf('delivery-no-connector@example.org', offer);
    const response = await requestAccess(buyer, offer.id);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe(ErrorCode.CONFLICT);
    expect(response.body.message).toContain('You have no connector');
    expect(response.body.message).toContain('/profile/organisation');
    expect((await listOf(buyer)).body).toEqual([]);
  });

  it('answers 409 for an offer that is not delivered through a connector', async () => {
    const offer = await insertOfferOf(testApp.database.db, SUPPLIER_A);
    await sellFor(testApp.database.db, SUPPLIER_A);
    const buyer = await buyerOf('delivery-direct@example.org', offer);
    await upsertBuyerConnector(testApp.database.db, buyer.user.id, 'buyer-edc');
    const response = await requestAccess(buyer, offer.id);
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('access type is not Connector');
  });

  it('shows why a terminated negotiation ended, and a new request starts afresh', async () => {
    const { offer, buyer } = await connectorOfferBought('delivery-terminated@example.org');
    const requested = await requestAccess(buyer, offer.id);
    expect(requested.status).toBe(201);
    await buyerClient.contractNegotiations.terminate(requested.body.negotiation!.id, 'Budget withdrawn by purchasing');

    const failed = await waitFor(
      buyer,
      requested.body.id,
      (delivery) => delivery.negotiation?.state === 'TERMINATED' || delivery.step === DeliveryStep.READY,
    );
    expect(failed.step).toBe(DeliveryStep.FAILED);
    expect(failed.negotiation?.state).toBe('TERMINATED');
    expect(failed.error).toContain('Budget withdrawn by purchasing');
    expect(failed.transfer).toBeNull();

    const retried = await requestAccess(buyer, offer.id);
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ id: requested.body.id, step: DeliveryStep.NEGOTIATING, error: null });
    expect(retried.body.negotiation?.id).not.toBe(requested.body.negotiation?.id);
  });

  it('records a connector failure on the delivery, so My Acquisitions can show it', async () => {
    const offer = await unpublishedConnectorOffer();
    const buyer = await buyerOf('delivery-unpublished@example.org', offer);
    await upsertBuyerConnector(testApp.database.db, buyer.user.id, 'buyer-edc');
    const response = await requestAccess(buyer, offer.id);
    expect(response.status).toBe(502);
    const [delivery] = (await listOf(buyer)).body;
    expect(delivery).toMatchObject({ offerId: offer.id, step: DeliveryStep.FAILED, negotiation: null });
    expect(delivery?.error).toEqual(expect.any(String));
  });

  it('meters a finished transfer once when two reads see it finish at the same moment', async () => {
    const offer = await connectorOffer();
    const buyer = await buyerOf('delivery-race@example.org', offer);
    const [line] = await testApp.database.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select('o.id')
      .where('o.consumer_id', '=', buyer.user.id)
      .execute();
    const delivery = await upsertDelivery(
      testApp.database.db,
      {
        orderId: line!.id,
        offerId: offer.id,
        buyerId: buyer.user.id,
        consumerConnectorId: 'buyer-edc',
        providerConnectorId: 'supplier-edc',
        assetId: connectorIdsOf(offer.id, 1).assetIds[0]!,
      },
      {
        negotiation_id: 'negotiation-race',
        negotiation_state: 'FINALIZED',
        agreement_id: 'agreement-race',
        transfer_id: 'transfer-race',
        transfer_state: 'REQUESTED',
      },
    );
    // The buyer's connector says STARTED to both reads.
    const clientFor = (() => ({
      transferProcesses: { get: async () => ({ id: 'transfer-race', state: 'STARTED' }) },
    })) as unknown as Parameters<typeof refreshDelivery>[0]['clientFor'];
    const results = await Promise.all(
      [1, 2, 3].map(() => refreshDelivery({ db: testApp.database.db, delivery, clientFor })),
    );
    expect(results.map((row) => row.transfer_state)).toEqual(['STARTED', 'STARTED', 'STARTED']);
    const usage = await testApp.database.db
      .selectFrom('usage_events')
      .select(['channel', 'succeeded'])
      .where('user_id', '=', buyer.user.id)
      .execute();
    expect(usage).toEqual([{ channel: 'connector', succeeded: true }]);
  });
});
