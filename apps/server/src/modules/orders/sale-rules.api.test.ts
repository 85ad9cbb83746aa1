import { ErrorCode, type TErrorResponse, type TOfferSaleStatus } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import * as offerHoldingsMigration from '../../db/migrations/0024-offer-holdings';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import type { TOfferRecord } from '../catalogue/offer-record';
import { addAgentMember } from './add-agent-member';
import { cancelOverdueOrders } from './cancel-overdue-orders';
import { checkOut, insertOfferOf, itemOf, type TTestSupplier } from './orders-test-data';
import { placeOrder } from './place-order';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sells through a member whose organisation has a complete invoice profile. */
const SELLER: TTestSupplier = { id: 'https://dsm.example/agents/sale-rules-seller', name: 'Regel Daten GmbH' };
/** Nobody acts for it, as for the publishers of harvested and generated offers. */
const NOBODYS: TTestSupplier = { id: 'https://dsm.example/agents/suedinsights', name: 'Südinsights AG' };
/** Its member's organisation has no VAT ID and no bank account. */
const HALF_DONE: TTestSupplier = { id: 'https://dsm.example/agents/half-done', name: 'Halb Fertig GmbH' };

let seller: TSignedIn;
let colleague: TSignedIn;

function pay(who: TSignedIn, offers: TOfferRecord[]) {
  return checkOut(testApp, who, offers);
}

function saleStatus(who: TSignedIn, offer: TOfferRecord) {
  return requestAs<TOfferSaleStatus & TErrorResponse>(testApp, who, 'GET', `/api/offers/${offer.id}/sale-status`);
}

async function countRows(table: 'orders' | 'invoices', consumerId: string): Promise<number> {
  const db = testApp.database.db;
  const query =
    table === 'orders'
      ? db.selectFrom('orders').where('consumer_id', '=', consumerId)
      : db
          .selectFrom('invoices')
          .innerJoin('orders', 'orders.id', 'invoices.order_id')
          .where('orders.consumer_id', '=', consumerId);
  const row = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

const testApp = useTestApp();

beforeAll(async () => {
  const db = testApp.database.db;
  // The publisher agents come with their first offers.
  await Promise.all([insertOfferOf(db, SELLER, { price: 1 }), insertOfferOf(db, HALF_DONE, { price: 1 })]);
  seller = await signIn(testApp, { name: 'Sina Seller' });
  await addAgentMember({ db, agentId: SELLER.id, userId: seller.user.id });
  // A second member of the seller's organisation, who does not act for the publisher herself.
  colleague = await signIn(testApp, { organisation: null });
  const organisation = await db
    .selectFrom('organisation_members')
    .select('organisation_id')
    .where('user_id', '=', seller.user.id)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('organisation_members')
    .values({ user_id: colleague.user.id, organisation_id: organisation.organisation_id })
    .execute();
  const halfDone = await signIn(testApp, { organisation: { vatId: '', iban: '', bic: '' } });
  await addAgentMember({ db, agentId: HALF_DONE.id, userId: halfDone.user.id });
});

describe('an offer the buyer already holds', () => {
  it('sold a second subscription and a second invoice to a buyer who already held it', async () => {
    const buyer = await signIn(testApp);
    const offer = await insertOfferOf(testApp.database.db, SELLER, {
      title: 'Traffic feed Bremen',
      paymentModel: 'SUBSCRIPTION_BASED',
      price: 155,
    });
    expect((await pay(buyer, [offer])).status).toBe(201);

    const again = await pay(buyer, [offer]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ErrorCode.OFFER_ALREADY_YOURS);
    expect(again.body.message).toContain('Traffic feed Bremen');
    expect(again.body.issues).toEqual([
      { path: 'body.purchasedItems.0.productId', message: expect.stringContaining(offer.id) },
    ]);
    expect(await countRows('orders', buyer.user.id)).toBe(1);
    expect(await countRows('invoices', buyer.user.id)).toBe(1);
    expect((await saleStatus(buyer, offer)).body).toEqual({
      '@id': offer.id,
      isForSale: false,
      refusal: 'ALREADY_YOURS',
    });
  });

  it('placed 16 orders and 16 invoices for 16 racing checkouts of one cart without Idempotency-Key', async () => {
    const buyer = await signIn(testApp);
    const [subscription, other] = await Promise.all([
      insertOfferOf(testApp.database.db, SELLER, { title: 'Racing subscription', price: 155 }),
      insertOfferOf(testApp.database.db, SELLER, { title: 'Racing extra', price: 20 }),
    ]);
    const responses = await Promise.all(Array.from({ length: 16 }, () => pay(buyer, [subscription, other])));

    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(15).fill(409)]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expect(refused.body.code).toBe(ErrorCode.OFFER_ALREADY_YOURS);
      expect(refused.body.message).toContain('Racing subscription');
      expect(refused.body.issues?.map((issue) => issue.message).join(' ')).toContain(subscription.id);
    }
    expect(await countRows('orders', buyer.user.id)).toBe(1);
    expect(await countRows('invoices', buyer.user.id)).toBe(1);
  });

  it('made separate 0 € orders for repeated free acquisitions without an idempotency key', async () => {
    const buyer = await signIn(testApp);
    const free = await insertOfferOf(testApp.database.db, NOBODYS, {
      title: 'Open bus stops',
      paymentModel: 'FREE_OF_CHARGE',
      price: 0,
    });
    expect((await pay(buyer, [free])).status).toBe(201);
    const again = await pay(buyer, [free]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ErrorCode.OFFER_ALREADY_YOURS);
    expect(await countRows('orders', buyer.user.id)).toBe(1);
  });

  it('may be bought again once an unpaid order was cancelled for non-payment', async () => {
    const buyer = await signIn(testApp);
    const offer = await insertOfferOf(testApp.database.db, SELLER, { title: 'Unpaid once', price: 30 });
    expect((await pay(buyer, [offer])).status).toBe(201);
    await cancelOverdueOrders({ db: testApp.database.db, now: new Date(Date.now() + 31 * DAY_MS) });

    expect((await saleStatus(buyer, offer)).body.refusal).toBeNull();
    expect((await pay(buyer, [offer])).status).toBe(201);
  });

  it('may be subscribed to again once a cancelled subscription has ended, not before', async () => {
    const buyer = await signIn(testApp);
    const offer = await insertOfferOf(testApp.database.db, SELLER, { title: 'Cancelled feed', price: 40 });
    const first = await pay(buyer, [offer]);
    expect(first.status).toBe(201);
    const entitlement = await testApp.database.db
      .selectFrom('entitlements')
      .select('id')
      .where('order_id', '=', first.body.id)
      .executeTakeFirstOrThrow();
    const cancelled = await requestAs(testApp, buyer, 'POST', `/api/subscriptions/${entitlement.id}/cancel`);
    expect(cancelled.status).toBe(200);
    // Cancelled, the paid month still runs: it is still the buyer's.
    expect((await pay(buyer, [offer])).status).toBe(409);

    const afterTheMonth = new Date(Date.now() + 40 * DAY_MS);
    const placed = await placeOrder({
      db: testApp.database.db,
      user: buyer.user,
      request: { consumerId: buyer.user.id, purchasedItems: [itemOf(offer)] },
      commissionRate: 0,
      now: afterTheMonth,
    });
    expect(placed.order.items.map((item) => item.productId)).toEqual([offer.id]);
  });

  it('may be bought again once a purchase with a time restriction has ended', async () => {
    const buyer = await signIn(testApp);
    const offer = await insertOfferOf(testApp.database.db, SELLER, {
      title: 'Ten days of parcels',
      paymentModel: 'PAY_PER_USE_DOWNLOAD',
      price: 2,
    });
    await testApp.database.db
      .updateTable('offers')
      .set({ time_restriction: 10, time_unit: 'Days' })
      .where('id', '=', offer.id)
      .execute();
    expect((await pay(buyer, [offer])).status).toBe(201);
    expect((await pay(buyer, [offer])).status).toBe(409);
    const placed = await placeOrder({
      db: testApp.database.db,
      user: buyer.user,
      request: { consumerId: buyer.user.id, purchasedItems: [itemOf(offer)] },
      commissionRate: 0,
      now: new Date(Date.now() + 11 * DAY_MS),
    });
    expect(placed.isReplay).toBe(false);
  });
});

describe("a supplier's own offer", () => {
  it('was sold to the supplier who publishes it (201)', async () => {
    const offer = await insertOfferOf(testApp.database.db, SELLER, { title: 'Own weather', price: 12 });
    const response = await pay(seller, [offer]);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe(ErrorCode.OWN_OFFER);
    expect(response.body.message).toBe('You publish "Own weather": your organisation sells it and cannot buy it');
    expect((await saleStatus(seller, offer)).body.refusal).toBe('OWN_OFFER');
  });

  it('is refused to another member of the organisation that sells it', async () => {
    const offer = await insertOfferOf(testApp.database.db, SELLER, {
      title: 'Own free map',
      paymentModel: 'FREE_OF_CHARGE',
      price: 0,
    });
    const response = await pay(colleague, [offer]);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe(ErrorCode.OWN_OFFER);
  });
});

describe('an offer no organisation with a complete profile sells', () => {
  it('was ordered with an invoice naming no seller address, VAT ID or IBAN', async () => {
    const buyer = await signIn(testApp);
    const offer = await insertOfferOf(testApp.database.db, NOBODYS, { title: 'Südinsights panel', price: 80 });
    const response = await pay(buyer, [offer]);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe(ErrorCode.SELLER_INCOMPLETE);
    expect(response.body.issues?.[0]?.message).toContain(offer.id);
    expect(await countRows('orders', buyer.user.id)).toBe(0);
    expect((await saleStatus(buyer, offer)).body).toEqual({
      '@id': offer.id,
      isForSale: false,
      refusal: 'SELLER_INCOMPLETE',
    });
  });

  it('is refused when the selling organisation lacks its VAT ID and bank account', async () => {
    const buyer = await signIn(testApp);
    const offer = await insertOfferOf(testApp.database.db, HALF_DONE, { title: 'Half done', price: 5 });
    const response = await pay(buyer, [offer]);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe(ErrorCode.SELLER_INCOMPLETE);
  });

  it('may still be acquired when it is free: a free acquisition has no invoice', async () => {
    const buyer = await signIn(testApp);
    const offer = await insertOfferOf(testApp.database.db, NOBODYS, {
      title: 'Free from Bremen',
      paymentModel: 'FREE_OF_CHARGE',
      price: 0,
    });
    expect((await saleStatus(buyer, offer)).body.refusal).toBeNull();
    expect((await pay(buyer, [offer])).status).toBe(201);
  });
});

describe('GET /api/offers/{id}/sale-status', () => {
  it('says an offer is for sale, not sold by its supplier, or free from its source', async () => {
    const buyer = await signIn(testApp);
    const db = testApp.database.db;
    const [forSale, notSold, harvestedFree] = await Promise.all([
      insertOfferOf(db, SELLER, { price: 9 }),
      insertOfferOf(db, SELLER, { price: 9, isSellable: false }),
      insertOfferOf(db, NOBODYS, { paymentModel: 'FREE_OF_CHARGE', price: 0, isSellable: false }),
    ]);
    expect((await saleStatus(buyer, forSale)).body).toEqual({ '@id': forSale.id, isForSale: true, refusal: null });
    expect((await saleStatus(buyer, notSold)).body.refusal).toBe('NOT_SOLD');
    expect((await saleStatus(buyer, harvestedFree)).body.refusal).toBe('FREE_FROM_SOURCE');
  });

  it('answers 404 for an offer not in the catalogue and 400 for an id that is no UUID', async () => {
    const buyer = await signIn(testApp);
    const unknown = await requestAs<TErrorResponse>(
      testApp,
      buyer,
      'GET',
      '/api/offers/00000000-0000-4000-8000-000000000000/sale-status',
    );
    expect(unknown.status).toBe(404);
    const bad = await requestAs<TErrorResponse>(testApp, buyer, 'GET', '/api/offers/x/sale-status');
    expect(bad.status).toBe(400);
  });
});

describe('migration 0024', () => {
  it('backfills the holdings current now from the orders placed before it', async () => {
    const db = testApp.database.db;
    const now = new Date();
    const current = () =>
      db
        .selectFrom('offer_holdings')
        .select(['user_id', 'offer_id', 'order_id', 'ends_at'])
        .where('released_at', 'is', null)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('user_id')
        .orderBy('offer_id')
        .execute();
    const written = await current();
    // The cancellation test above cancelled every order still unpaid then: the later ones remain.
    expect(written.length).toBeGreaterThanOrEqual(5);
    await offerHoldingsMigration.down(db as never);
    await offerHoldingsMigration.up(db as never);
    expect(await current()).toEqual(written);
  });
});
