import {
  ErrorCode,
  type TErrorResponse,
  type TOrder,
  type TOrderListResponse,
  type TSale,
  type TSalesResponse,
  ZOrder,
  ZSalesResponse,
} from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import type { TOfferRecord } from '../catalogue/offer-record';
import { cancelOverdueOrders } from './cancel-overdue-orders';
import { listPurchasedOffers } from './list-purchased-offers';
import { downloadAs, insertOffersOf, itemOf, readOrder, readPdfText, SUPPLIER_A, SUPPLIER_B } from './orders-test-data';

const DAY_MS = 24 * 60 * 60 * 1000;

let buyer: TSignedIn;
let otherBuyer: TSignedIn;
let supplierA: TSignedIn;
let supplierB: TSignedIn;
let offers: Record<'traffic' | 'subscription' | 'parcels' | 'unsellable' | 'free' | 'spare', TOfferRecord>;

function pay(who: TSignedIn, body: unknown, headers: Record<string, string> = {}) {
  return request<TOrder & TErrorResponse>(testApp.baseUrl, 'POST', '/idp-service/payment', body, {
    ...who.headers,
    ...headers,
  });
}

const orderOf = (who: TSignedIn, ...items: TOfferRecord[]) => ({
  consumerId: who.user.id,
  purchasedItems: items.map(itemOf),
});

const downloadPdf = (who: TSignedIn, path: string) => downloadAs(testApp, who, path);

async function countOrders(consumerId: string): Promise<number> {
  const row = await testApp.database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('consumer_id', '=', consumerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const testApp = useTestApp({ COMMISSION_RATE: '0.1' });

beforeAll(async () => {
  const db = testApp.database.db;
  [buyer, otherBuyer, supplierA, supplierB] = await Promise.all([
    signIn(testApp, { name: 'Berta Buyer' }),
    signIn(testApp),
    signIn(testApp),
    signIn(testApp),
  ]);
  // Checkout invoices subscriptions (their first month); metered and free offers are covered by pricing.api.test.ts.
  const ofA = await insertOffersOf(db, {
    supplier: SUPPLIER_A,
    seller: supplierA,
    offers: {
      traffic: { title: 'Traffic counts Cologne', paymentModel: 'SUBSCRIPTION_BASED', price: 100 },
      subscription: { title: 'Weather feed', paymentModel: 'SUBSCRIPTION_BASED', price: 12.5 },
      spare: { title: 'Spare', price: 3 },
    },
  });
  const ofB = await insertOffersOf(db, {
    supplier: SUPPLIER_B,
    seller: supplierB,
    offers: {
      parcels: { title: 'Parcel boundaries', paymentModel: 'SUBSCRIPTION_BASED', price: 0.1 },
      unsellable: { title: 'Not for sale', isSellable: false, price: 5 },
      free: { title: 'Open bus stops', paymentModel: 'FREE_OF_CHARGE', price: 7 },
    },
  });
  offers = { ...ofA, ...ofB };
});

describe('POST /idp-service/payment', () => {
  it('places an order with one invoice per supplier, prices from the catalogue, net + 19 % VAT + gross', async () => {
    const before = Date.now();
    const response = await pay(buyer, orderOf(buyer, offers.traffic, offers.parcels, offers.subscription));
    expect(response.status).toBe(201);
    expect(() => ZOrder.parse(response.body)).not.toThrow();
    const order = response.body;
    expect(order).toMatchObject({
      consumerId: buyer.user.id,
      state: 'invoiced',
      paymentMethod: 'INVOICE',
      currency: 'EUR',
    });
    expect(order.items).toEqual([
      {
        productId: offers.traffic.id,
        providerId: SUPPLIER_A.id,
        providerName: SUPPLIER_A.name,
        title: 'Traffic counts Cologne',
        paymentModel: 'SUBSCRIPTION_BASED',
        price: 100,
      },
      expect.objectContaining({ productId: offers.parcels.id, providerId: SUPPLIER_B.id, price: 0.1 }),
      expect.objectContaining({ productId: offers.subscription.id, paymentModel: 'SUBSCRIPTION_BASED', price: 12.5 }),
    ]);
    const [alpha, beta] = order.invoices;
    // 112.50 net: 21.375 VAT rounds half up to 21.38.
    expect(alpha).toMatchObject({
      supplierId: SUPPLIER_A.id,
      supplierName: SUPPLIER_A.name,
      net: 112.5,
      vatRate: 0.19,
      vat: 21.38,
      gross: 133.88,
      commissionRate: 0.1,
      commission: 11.25,
      state: 'open',
    });
    expect(beta).toMatchObject({ supplierId: SUPPLIER_B.id, net: 0.1, vat: 0.02, gross: 0.12, commission: 0.01 });
    expect(order).toMatchObject({ net: 112.6, vat: 21.4, gross: 134 });
    expect(alpha!.number).toMatch(/^[0-9A-F]{8}-\d{4}-\d{6}$/);
    const issued = Date.parse(alpha!.issuedAt);
    expect(issued).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(alpha!.dueAt) - issued).toBe(30 * DAY_MS);
    expect(Date.parse(order.payBy) - Date.parse(order.createdAt)).toBe(30 * DAY_MS);

    const list = await requestAs<TOrderListResponse>(testApp, buyer, 'GET', '/api/orders');
    expect(list.status).toBe(200);
    expect(list.body.data.map((item) => item.id)).toContain(order.id);
    const one = await readOrder(testApp, buyer, order.id);
    expect(one.body).toEqual(order);
  });

  it("answers 403 for another user's consumerId and places nothing", async () => {
    const response = await pay(buyer, orderOf(otherBuyer, offers.traffic));
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: ErrorCode.FORBIDDEN, issues: [{ path: 'body.consumerId' }] });
    expect(await countOrders(otherBuyer.user.id)).toBe(0);
  });

  it('answers 404 naming an unknown product, and 400 for an id that is no offer id', async () => {
    const unknown = { productId: '00000000-0000-4000-8000-00000000dead', providerId: SUPPLIER_A.id };
    const response = await pay(buyer, {
      consumerId: buyer.user.id,
      purchasedItems: [itemOf(offers.traffic), unknown],
    });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe(ErrorCode.NOT_FOUND);
    expect(response.body.issues).toEqual([
      { path: 'body.purchasedItems.1.productId', message: `offer ${unknown.productId} does not exist` },
    ]);

    const malformed = await pay(buyer, {
      consumerId: buyer.user.id,
      purchasedItems: [{ productId: 'not-an-offer', providerId: SUPPLIER_A.id }],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues?.[0]?.path).toBe('body.purchasedItems.0.productId');
  });

  it('answers 409 naming an offer that is not for sale', async () => {
    const response = await pay(buyer, orderOf(buyer, offers.traffic, offers.unsellable));
    expect(response.status).toBe(409);
    expect(response.body.code).toBe(ErrorCode.CONFLICT);
    expect(response.body.issues).toEqual([
      { path: 'body.purchasedItems.1.productId', message: `offer ${offers.unsellable.id} is not for sale` },
    ]);
  });

  it("answers 400 naming an item whose providerId is not the first dataset's publisher", async () => {
    const response = await pay(buyer, {
      consumerId: buyer.user.id,
      purchasedItems: [{ productId: offers.traffic.id, providerId: SUPPLIER_B.id }],
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.issues?.[0]?.path).toBe('body.purchasedItems.0.providerId');
    expect(response.body.message).toContain(SUPPLIER_A.id);
  });

  it('answers 400 naming a repeated item', async () => {
    const response = await pay(buyer, orderOf(buyer, offers.traffic, offers.parcels, offers.traffic));
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { path: 'body.purchasedItems.2.productId', message: `offer ${offers.traffic.id} repeats item 0` },
    ]);
  });

  it('answers 401 without sign-in and places nothing', async () => {
    const before = await countOrders(buyer.user.id);
    const response = await request<TErrorResponse>(
      testApp.baseUrl,
      'POST',
      '/idp-service/payment',
      orderOf(buyer, offers.traffic),
    );
    expect(response.status).toBe(401);
    expect(await countOrders(buyer.user.id)).toBe(before);
  });

  it('answers 400 for an empty order', async () => {
    const response = await pay(buyer, { consumerId: buyer.user.id, purchasedItems: [] });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.path).toBe('body.purchasedItems');
  });

  it('ignores a price in the request and charges the catalogue price', async () => {
    // A buyer of its own: the first test's buyer holds the offer already.
    const priceSetter = await signIn(testApp);
    const response = await pay(priceSetter, {
      consumerId: priceSetter.user.id,
      purchasedItems: [{ ...itemOf(offers.traffic), price: 0.01 }],
      price: 0.01,
      total: 0.01,
    });
    expect(response.status).toBe(201);
    expect(response.body.items[0]?.price).toBe(100);
    expect(response.body.gross).toBe(119);
  });

  it('charges nothing for a free offer, issues no invoice for it and settles the order at once', async () => {
    const response = await pay(otherBuyer, orderOf(otherBuyer, offers.free));
    expect(response.status).toBe(201);
    expect(response.body.items[0]?.price).toBe(0);
    expect(response.body.invoices).toEqual([]);
    expect(response.body).toMatchObject({ net: 0, gross: 0, state: 'paid' });
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first order instead of placing a second one', async () => {
    const who = await signIn(testApp);
    const body = orderOf(who, offers.traffic);
    const first = await pay(who, body, { 'idempotency-key': 'retry-1' });
    const second = await pay(who, body, { 'idempotency-key': 'retry-1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await countOrders(who.user.id)).toBe(1);
  });

  it('places one order when the same request arrives five times at once', async () => {
    const who = await signIn(testApp);
    const body = orderOf(who, offers.subscription);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => pay(who, body, { 'idempotency-key': 'burst' })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    expect(await countOrders(who.user.id)).toBe(1);
  });

  it('answers 409 for the same key with a different body', async () => {
    const who = await signIn(testApp);
    await pay(who, orderOf(who, offers.traffic), { 'idempotency-key': 'changed' });
    const response = await pay(who, orderOf(who, offers.parcels), { 'idempotency-key': 'changed' });
    expect(response.status).toBe(409);
    expect(response.body.issues?.[0]?.path).toBe('headers.idempotency-key');
    expect(await countOrders(who.user.id)).toBe(1);
  });

  it("keeps one user's key apart from another's", async () => {
    const [first, second] = await Promise.all([signIn(testApp), signIn(testApp)]);
    const a = await pay(first, orderOf(first, offers.traffic), { 'idempotency-key': 'shared' });
    const b = await pay(second, orderOf(second, offers.traffic), { 'idempotency-key': 'shared' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
  });
});

describe('invoice numbers', () => {
  it('stay sequential per supplier without gaps when 20 orders arrive at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signIn(testApp)));
    const responses = await Promise.all(
      buyers.map((who, index) =>
        pay(who, index % 2 === 0 ? orderOf(who, offers.traffic, offers.parcels) : orderOf(who, offers.subscription)),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    // Each supplier numbers its own invoices: a number is unique per supplier.
    const numbers = responses.flatMap((response) =>
      response.body.invoices.map((invoice) => `${invoice.supplierId} ${invoice.number}`),
    );
    expect(numbers).toHaveLength(30);
    expect(new Set(numbers).size).toBe(30);

    const all = await testApp.database.db.selectFrom('invoices').select(['issuer_key', 'year', 'sequence']).execute();
    const byRange = new Map<string, number[]>();
    for (const row of all) {
      const range = `${row.issuer_key} ${row.year}`;
      byRange.set(range, [...(byRange.get(range) ?? []), row.sequence]);
    }
    for (const sequences of byRange.values()) {
      sequences.sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
    }
  });
});

describe('invoice PDF', () => {
  it("shows number, totals, due date and commission, to the buyer and the supplier's members only", async () => {
    // A buyer of its own: the first test's buyer holds these offers already.
    const buyer = await signIn(testApp, { name: 'Berta Buyer' });
    const placed = await pay(buyer, orderOf(buyer, offers.traffic, offers.subscription));
    const invoice = placed.body.invoices[0]!;
    const pdf = await downloadPdf(buyer, invoice.pdfPath);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await readPdfText(pdf.bytes);
    const due = new Date(invoice.dueAt).toLocaleDateString('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    expect(text).toContain(invoice.number);
    expect(text).toContain('Traffic counts Cologne');
    expect(text).toContain('112,50 €');
    expect(text).toContain('21,38 €');
    expect(text).toContain('133,88 €');
    expect(text).toContain('11,25 €');
    expect(text).toContain(`Fällig am / Due date: ${due}`);
    expect(text).toContain(SUPPLIER_A.name);
    expect(text).toContain('Berta Buyer');

    expect((await downloadPdf(supplierA, invoice.pdfPath)).status).toBe(200);
    const stranger = await downloadPdf(otherBuyer, invoice.pdfPath);
    expect(stranger.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(stranger.bytes))).toMatchObject({ code: ErrorCode.FORBIDDEN });
    // Supplier B is in no part of this invoice.
    expect((await downloadPdf(supplierB, invoice.pdfPath)).status).toBe(403);
    expect((await downloadPdf(buyer, '/api/invoices/00000000-0000-4000-8000-000000000000/pdf')).status).toBe(404);
  });
});

describe('sales and payment', () => {
  it("lists a supplier's own invoices with items and buyer, and lets it mark one paid", async () => {
    const who = await signIn(testApp, { name: 'Sally Seller Customer', email: 'sally@example.org' });
    const placed = await pay(who, orderOf(who, offers.spare, offers.parcels));
    const [alpha, beta] = placed.body.invoices;

    const sales = await requestAs<TSalesResponse>(testApp, supplierA, 'GET', '/api/sales');
    expect(sales.status).toBe(200);
    expect(() => ZSalesResponse.parse(sales.body)).not.toThrow();
    expect(sales.body.agents).toEqual([{ '@id': SUPPLIER_A.id, name: SUPPLIER_A.name }]);
    expect(sales.body.data.every((sale) => sale.supplierId === SUPPLIER_A.id)).toBe(true);
    const sale = sales.body.data.find((item) => item.id === alpha!.id);
    expect(sale).toMatchObject({
      buyer: { id: who.user.id, name: 'Sally Seller Customer', email: 'sally@example.org' },
      items: [expect.objectContaining({ productId: offers.spare.id, price: 3 })],
    });

    const byBuyer = await requestAs<TErrorResponse>(testApp, who, 'POST', `/api/invoices/${alpha!.id}/paid`);
    expect(byBuyer.status).toBe(403);
    const byOther = await requestAs<TErrorResponse>(testApp, supplierB, 'POST', `/api/invoices/${alpha!.id}/paid`);
    expect(byOther.status).toBe(403);

    const paid = await requestAs<TSale>(testApp, supplierA, 'POST', `/api/invoices/${alpha!.id}/paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.state).toBe('paid');
    expect(paid.body.paidAt).not.toBeNull();
    const again = await requestAs<TSale>(testApp, supplierA, 'POST', `/api/invoices/${alpha!.id}/paid`);
    expect(again.body.paidAt).toBe(paid.body.paidAt);

    const halfway = await readOrder(testApp, who, placed.body.id);
    expect(halfway.body.state).toBe('invoiced');
    await requestAs(testApp, supplierB, 'POST', `/api/invoices/${beta!.id}/paid`);
    const settled = await readOrder(testApp, who, placed.body.id);
    expect(settled.body.state).toBe('paid');
    expect(settled.body.paidAt).not.toBeNull();
  });

  it('shows a user who sells for nobody no sales', async () => {
    const response = await requestAs<TSalesResponse>(testApp, otherBuyer, 'GET', '/api/sales');
    expect(response.body).toMatchObject({ agents: [], total: 0, data: [] });
  });

  it("keeps a buyer's order from other users", async () => {
    const placed = await pay(buyer, orderOf(buyer, offers.spare));
    const response = await requestAs<TErrorResponse>(testApp, otherBuyer, 'GET', `/api/orders/${placed.body.id}`);
    expect(response.status).toBe(403);
    const list = await requestAs<TOrderListResponse>(testApp, otherBuyer, 'GET', '/api/orders');
    expect(list.body.data.some((order) => order.id === placed.body.id)).toBe(false);
  });
});

describe('auto-cancel of unpaid orders', () => {
  it('cancels an order unpaid after 30 days, not before, and leaves paid ones alone', async () => {
    const who = await signIn(testApp);
    const placedAt = new Date();
    const unpaid = await pay(who, orderOf(who, offers.traffic));
    const paidOrder = await pay(who, orderOf(who, offers.parcels));
    await requestAs(testApp, supplierB, 'POST', `/api/invoices/${paidOrder.body.invoices[0]!.id}/paid`);
    expect((await listPurchasedOffers(testApp.database.db, who.user.id)).map((offer) => offer.offerId).sort()).toEqual(
      [offers.traffic.id, offers.parcels.id].sort(),
    );

    const early = await cancelOverdueOrders({
      db: testApp.database.db,
      now: new Date(placedAt.getTime() + 29 * DAY_MS),
    });
    expect(early).not.toContain(unpaid.body.id);

    const late = await cancelOverdueOrders({
      db: testApp.database.db,
      now: new Date(placedAt.getTime() + 31 * DAY_MS),
    });
    expect(late).toContain(unpaid.body.id);
    expect(late).not.toContain(paidOrder.body.id);

    const cancelled = await readOrder(testApp, who, unpaid.body.id);
    expect(cancelled.body.state).toBe('cancelled');
    expect(cancelled.body.invoices[0]?.state).toBe('cancelled');
    const stillPaid = await readOrder(testApp, who, paidOrder.body.id);
    expect(stillPaid.body.state).toBe('paid');

    const markCancelled = await requestAs<TErrorResponse>(
      testApp,
      supplierA,
      'POST',
      `/api/invoices/${unpaid.body.invoices[0]!.id}/paid`,
    );
    expect(markCancelled.status).toBe(409);

    // A cancelled purchase is no acquisition, for the orders module and for My Acquisitions' view alike.
    expect((await listPurchasedOffers(testApp.database.db, who.user.id)).map((offer) => offer.offerId)).toEqual([
      offers.parcels.id,
    ]);
    const acquired = await testApp.database.db
      .selectFrom('acquired_offers')
      .select('offer_id')
      .where('user_id', '=', who.user.id)
      .execute();
    expect(acquired.map((row) => row.offer_id)).toEqual([offers.parcels.id]);
    const myAcquisitions = await requestAs<{ offer: { '@id': string } }[]>(testApp, who, 'GET', '/api/acquisitions');
    expect(myAcquisitions.body.map((entry) => entry.offer['@id'])).toEqual([offers.parcels.id]);
  });
});
