import type {
  TAcquisitionListResponse,
  TAcquisitionUsageResponse,
  TEntitlementUsage,
  TErrorResponse,
  TOrderListResponse,
  TSalesUsageResponse,
} from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, TEST_ORGANISATION, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import type { TOfferRecord } from '../catalogue/offer-record';
import { findActiveEntitlement } from '../entitlements/find-active-entitlement';
import { recordUsage } from '../usage/record-usage';
import { createBillingJobs, USAGE_INVOICING_QUEUE } from './billing-jobs';
import { cancelOverdueOrders } from './cancel-overdue-orders';
import { addMonths } from './invoice-dates';
import { issueUsageInvoices } from './issue-usage-invoices';
import { listBilledInvoicesOfOffers } from './list-billed-invoices-of-offers';
import { checkOut, insertOffersOf, readPdfText, type TTestSupplier } from './orders-test-data';
import { renewSubscriptions } from './renew-subscriptions';

const HOUR_MS = 60 * 60 * 1000;
const PUBLISHER: TTestSupplier = { id: 'https://dsm.example/agents/pricing-publisher', name: 'Tarif Daten' };
const SELLER = { ...TEST_ORGANISATION, legalName: 'Tarif Daten GmbH', vatId: 'DE281963562' };
const COMMISSION = 0.1;

let seller: TSignedIn;
let offers: Record<'free' | 'subscription' | 'download' | 'volume', TOfferRecord>;

const pay = (who: TSignedIn, ...items: TOfferRecord[]) => checkOut(testApp, who, items);

const usageOf = (who: TSignedIn) =>
  requestAs<TAcquisitionUsageResponse>(testApp, who, 'GET', '/api/acquisitions/usage');

const cancel = (who: TSignedIn, id: string) =>
  requestAs<TEntitlementUsage & TErrorResponse>(testApp, who, 'POST', `/api/subscriptions/${id}/cancel`);

const ordersOf = async (who: TSignedIn) =>
  (await requestAs<TOrderListResponse>(testApp, who, 'GET', '/api/orders?pageSize=100')).body.data;

const entitlementOf = async (who: TSignedIn, offer: TOfferRecord) => {
  const found = (await usageOf(who)).body.entitlements.find((entry) => entry.offerId === offer.id);
  if (!found) throw new Error(`no entitlement to ${offer.title}`);
  return found;
};

/** A new buyer of both metered offers, with the entitlement to each. */
async function meteredBuyer() {
  const buyer = await signIn(testApp);
  expect((await pay(buyer, offers.download, offers.volume)).status).toBe(201);
  return {
    buyer,
    download: await entitlementOf(buyer, offers.download),
    volume: await entitlementOf(buyer, offers.volume),
  };
}

const billingOptions = (now: Date) => ({ db: testApp.database.db, now, commissionRate: COMMISSION });

const testApp = useTestApp({ COMMISSION_RATE: String(COMMISSION) });

beforeAll(async () => {
  const db = testApp.database.db;
  seller = await signIn(testApp, { organisation: SELLER });
  offers = await insertOffersOf(db, {
    supplier: PUBLISHER,
    seller,
    offers: {
      free: { title: 'Open tide tables', paymentModel: 'FREE_OF_CHARGE', price: 0 },
      subscription: { title: 'Harbour feed', paymentModel: 'SUBSCRIPTION_BASED', price: 5 },
      download: { title: 'Buoy readings', paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 0.99 },
      volume: { title: 'Radar stream', paymentModel: 'DATA_VOLUME_BASED', price: 0.05 },
    },
  });
});

describe('checkout by payment model', () => {
  it('records a free offer as an acquisition with the licence accepted, and issues no invoice', async () => {
    const buyer = await signIn(testApp);
    const placed = await pay(buyer, offers.free);
    expect(placed.status).toBe(201);
    expect(placed.body.invoices).toEqual([]);
    expect(placed.body).toMatchObject({ state: 'paid', gross: 0 });
    const acquisitions = await requestAs<TAcquisitionListResponse>(testApp, buyer, 'GET', '/api/acquisitions');
    expect(acquisitions.body.map((entry) => entry.offer['@id'])).toEqual([offers.free.id]);
    // Nothing was billed, so nothing is open.
    expect(acquisitions.body[0]!.invoices).toEqual([]);
    const line = await testApp.database.db
      .selectFrom('order_items')
      .select('licence')
      .where('order_id', '=', placed.body.id)
      .executeTakeFirstOrThrow();
    expect(line.licence).toBe('CC-BY-4.0');
  });

  it('grants metered offers without invoicing them: their usage is invoiced monthly', async () => {
    const buyer = await signIn(testApp);
    const placed = await pay(buyer, offers.download, offers.volume);
    expect(placed.status).toBe(201);
    expect(placed.body.invoices).toEqual([]);
    expect(placed.body.items.map((item) => [item.paymentModel, item.price])).toEqual([
      ['PAY_PER_USE_DOWNLOAD', 0.99],
      ['DATA_VOLUME_BASED', 0.05],
    ]);
    const usage = (await usageOf(buyer)).body.entitlements;
    expect(usage.map((entry) => [entry.title, entry.priceUnit, entry.isActive, entry.canCancel]).sort()).toEqual([
      ['Buoy readings', 'download', true, false],
      ['Radar stream', 'MB', true, false],
    ]);
  });
});

describe('subscriptions', () => {
  it('invoices the first month at checkout and renews after a month with the next number', async () => {
    const buyer = await signIn(testApp);
    const placed = await pay(buyer, offers.subscription);
    expect(placed.status).toBe(201);
    const first = placed.body.invoices[0]!;
    expect(first).toMatchObject({ net: 5, vat: 0.95, gross: 5.95 });
    const subscription = await entitlementOf(buyer, offers.subscription);
    expect(subscription).toMatchObject({ canCancel: true, cancelledAt: null, costSoFar: 5, priceUnit: 'month' });
    expect(subscription.endsAt).toBe(first.serviceTo);
    const start = new Date(first.serviceFrom);
    const oneMonthOn = addMonths(start, 1);
    expect(first.serviceTo).toBe(oneMonthOn.toISOString());

    // Not yet due: nothing happens a minute before the period ends.
    expect(await renewSubscriptions(billingOptions(new Date(oneMonthOn.getTime() - 60_000)))).toEqual([]);
    const renewedAt = new Date(oneMonthOn.getTime() + HOUR_MS);
    const renewals = await renewSubscriptions(billingOptions(renewedAt));
    expect(renewals).toHaveLength(1);

    const renewal = (await ordersOf(buyer)).find((order) => order.id === renewals[0])!;
    const invoice = renewal.invoices[0]!;
    expect(renewal.items).toEqual([
      expect.objectContaining({ title: 'Harbour feed', price: 5, quantity: 1, unitPrice: 5 }),
    ]);
    expect(invoice).toMatchObject({ net: 5, gross: 5.95, state: 'open', issuedAt: renewedAt.toISOString() });
    expect(invoice.serviceFrom).toBe(first.serviceTo);
    const [prefix, year, sequence] = first.number.split('-');
    const sameYear = new Date(invoice.issuedAt).getUTCFullYear() === Number(year);
    expect(invoice.number).toBe(
      sameYear
        ? `${prefix}-${year}-${String(Number(sequence) + 1).padStart(6, '0')}`
        : `${prefix}-${Number(year) + 1}-000001`,
    );
    const moved = await entitlementOf(buyer, offers.subscription);
    expect(moved.endsAt).toBe(invoice.serviceTo);
    expect(new Date(moved.endsAt!).getTime()).toBeGreaterThan(oneMonthOn.getTime() + 27 * 24 * HOUR_MS);

    // The same run again bills nothing more.
    expect(await renewSubscriptions(billingOptions(renewedAt))).toEqual([]);
    expect((await ordersOf(buyer)).length).toBe(2);
  });

  it('renews one period once when two runs race', async () => {
    const buyer = await signIn(testApp);
    expect((await pay(buyer, offers.subscription)).status).toBe(201);
    const { endsAt } = await entitlementOf(buyer, offers.subscription);
    const at = new Date(new Date(endsAt!).getTime() + HOUR_MS);
    const runs = await Promise.all([
      renewSubscriptions(billingOptions(at)),
      renewSubscriptions(billingOptions(at)),
      renewSubscriptions(billingOptions(at)),
    ]);
    const mine = (await ordersOf(buyer)).filter((order) => runs.flat().includes(order.id));
    expect(mine).toHaveLength(1);
    expect((await ordersOf(buyer)).length).toBe(2);
  });

  it('keeps access to the end of the paid period after the buyer cancels, then ends it', async () => {
    const buyer = await signIn(testApp);
    const other = await signIn(testApp);
    expect((await pay(buyer, offers.subscription)).status).toBe(201);
    const subscription = await entitlementOf(buyer, offers.subscription);

    expect((await cancel(other, subscription.entitlementId)).status).toBe(403);
    const cancelled = await cancel(buyer, subscription.entitlementId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ canCancel: false, isActive: true, endsAt: subscription.endsAt });
    expect(cancelled.body.cancelledAt).not.toBeNull();
    // Cancelling again answers the same.
    expect((await cancel(buyer, subscription.entitlementId)).body.cancelledAt).toBe(cancelled.body.cancelledAt);

    const end = new Date(subscription.endsAt!);
    const holder = { db: testApp.database.db, userId: buyer.user.id, offerId: offers.subscription.id };
    expect(await findActiveEntitlement({ ...holder, now: new Date(end.getTime() - 60_000) })).not.toBeNull();
    await renewSubscriptions(billingOptions(new Date(end.getTime() + HOUR_MS)));
    expect(await findActiveEntitlement({ ...holder, now: new Date(end.getTime() + HOUR_MS) })).toBeNull();
    expect((await ordersOf(buyer)).length).toBe(1);
  });

  it('answers bad cancellations with 4xx naming the problem', async () => {
    const buyer = await signIn(testApp);
    expect((await pay(buyer, offers.download)).status).toBe(201);
    const metered = await entitlementOf(buyer, offers.download);
    const notSubscription = await cancel(buyer, metered.entitlementId);
    expect(notSubscription.status).toBe(400);
    expect(notSubscription.body.message).toMatch(/not a subscription/);
    expect((await cancel(buyer, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await cancel(buyer, 'not-an-id')).status).toBe(400);
    expect((await request(testApp.baseUrl, 'POST', `/api/subscriptions/${metered.entitlementId}/cancel`)).status).toBe(
      401,
    );
  });

  it("tells the buyer in My Acquisitions and its usage whether the subscription's invoice is open, paid or overdue", async () => {
    const buyer = await signIn(testApp);
    const placed = await pay(buyer, offers.subscription);
    const first = placed.body.invoices[0]!;
    const billedOf = async () => {
      const listed = await requestAs<TAcquisitionListResponse>(testApp, buyer, 'GET', '/api/acquisitions');
      expect(listed.status).toBe(200);
      return listed.body.find((entry) => entry.offer['@id'] === offers.subscription.id)!.invoices;
    };

    // Bought, not paid: the period runs, but its invoice is open (not "paid until").
    expect(await billedOf()).toEqual([
      {
        id: first.id,
        number: first.number,
        state: 'open',
        issuedAt: first.issuedAt,
        dueAt: first.dueAt,
        paidAt: null,
        gross: 5.95,
        pdfPath: `/api/invoices/${first.id}/pdf`,
      },
    ]);
    expect((await entitlementOf(buyer, offers.subscription)).invoice).toMatchObject({
      number: first.number,
      state: 'open',
    });

    const paid = await requestAs(testApp, seller, 'POST', `/api/invoices/${first.id}/paid`);
    expect(paid.status).toBe(200);
    expect(await billedOf()).toMatchObject([{ number: first.number, state: 'paid', paidAt: expect.any(String) }]);
    expect((await entitlementOf(buyer, offers.subscription)).invoice).toMatchObject({ state: 'paid' });

    // Renewed: the new month's invoice is the open one; the paid first month is no longer listed.
    const { endsAt } = await entitlementOf(buyer, offers.subscription);
    const renewals = await renewSubscriptions(billingOptions(new Date(new Date(endsAt!).getTime() + HOUR_MS)));
    const renewal = (await ordersOf(buyer)).find((order) => renewals.includes(order.id))!.invoices[0]!;
    expect((await billedOf()).map((invoice) => [invoice.number, invoice.state])).toEqual([[renewal.number, 'open']]);
    expect((await entitlementOf(buyer, offers.subscription)).invoice).toMatchObject({
      number: renewal.number,
      state: 'open',
    });

    // Past its due date an open invoice is overdue.
    const afterDue = new Date(new Date(renewal.dueAt).getTime() + HOUR_MS);
    const billed = await listBilledInvoicesOfOffers({
      db: testApp.database.db,
      userId: buyer.user.id,
      offerIds: [offers.subscription.id],
      now: afterDue,
    });
    expect(billed.get(offers.subscription.id)?.map((invoice) => invoice.state)).toEqual(['overdue']);
  });

  it('ends access when a renewal invoice goes unpaid past its payment window', async () => {
    const buyer = await signIn(testApp);
    const placed = await pay(buyer, offers.subscription);
    // The first month was paid; the renewal is not.
    const paid = await requestAs(testApp, seller, 'POST', `/api/invoices/${placed.body.invoices[0]!.id}/paid`);
    expect(paid.status).toBe(200);
    const { endsAt } = await entitlementOf(buyer, offers.subscription);
    const renewedAt = new Date(new Date(endsAt!).getTime() + HOUR_MS);
    const renewals = await renewSubscriptions(billingOptions(renewedAt));
    const renewal = (await ordersOf(buyer)).find((order) => renewals.includes(order.id))!;
    const renewalId = renewal.id;
    const holder = { db: testApp.database.db, userId: buyer.user.id, offerId: offers.subscription.id };
    const beforeWindowEnds = new Date(new Date(renewal.payBy).getTime() - 60_000);
    expect(await cancelOverdueOrders({ db: testApp.database.db, now: beforeWindowEnds })).not.toContain(renewalId);
    expect(await findActiveEntitlement({ ...holder, now: beforeWindowEnds })).not.toBeNull();

    const overdue = new Date(new Date(renewal.payBy).getTime() + 60_000);
    expect(await cancelOverdueOrders({ db: testApp.database.db, now: overdue })).toContain(renewalId);
    expect(await findActiveEntitlement({ ...holder, now: overdue })).toBeNull();
    const after = await entitlementOf(buyer, offers.subscription);
    expect(after).toMatchObject({ canCancel: false });
    // Revoked, it is not renewed again.
    await renewSubscriptions(billingOptions(new Date(new Date(after.endsAt!).getTime() + HOUR_MS)));
    expect((await ordersOf(buyer)).length).toBe(2);
  });
});

describe('monthly usage invoices', () => {
  it('bills last month’s downloads and MB per line, rounded once, in one invoice per supplier', async () => {
    const { buyer, download, volume } = await meteredBuyer();
    const db = testApp.database.db;
    const at = (iso: string) => new Date(iso);
    const base = { userId: buyer.user.id, succeeded: true, httpStatus: 200 };
    for (const day of ['2031-03-02T10:00:00Z', '2031-03-15T10:00:00Z', '2031-03-31T21:59:00Z']) {
      await recordUsage(db, {
        ...base,
        entitlementId: download.entitlementId,
        offerId: offers.download.id,
        channel: 'download',
        bytes: 10,
        occurredAt: at(day),
      });
    }
    // Neither a failed download nor one after midnight in Berlin on 1 April counts for March.
    await recordUsage(db, {
      ...base,
      entitlementId: download.entitlementId,
      offerId: offers.download.id,
      channel: 'download',
      succeeded: false,
      httpStatus: 502,
      occurredAt: at('2031-03-20T10:00:00Z'),
    });
    await recordUsage(db, {
      ...base,
      entitlementId: download.entitlementId,
      offerId: offers.download.id,
      channel: 'download',
      occurredAt: at('2031-03-31T22:00:00Z'),
    });
    await recordUsage(db, {
      ...base,
      entitlementId: volume.entitlementId,
      offerId: offers.volume.id,
      channel: 'api',
      bytes: 1_000_000,
      occurredAt: at('2031-03-05T10:00:00Z'),
    });
    await recordUsage(db, {
      ...base,
      entitlementId: volume.entitlementId,
      offerId: offers.volume.id,
      channel: 'api',
      bytes: 234_567,
      occurredAt: at('2031-03-06T10:00:00Z'),
    });

    const now = at('2031-04-01T00:30:00Z');
    const [runOnce, runTwice] = await Promise.all([
      issueUsageInvoices(billingOptions(now)),
      issueUsageInvoices(billingOptions(now)),
    ]);
    expect([...runOnce, ...runTwice]).toHaveLength(1);
    expect(await issueUsageInvoices(billingOptions(now))).toEqual([]);

    const usageOrders = (await ordersOf(buyer)).filter((order) => order.id === [...runOnce, ...runTwice][0]);
    expect(usageOrders).toHaveLength(1);
    const order = usageOrders[0]!;
    expect(order.items).toEqual([
      expect.objectContaining({ title: 'Buoy readings', quantity: 3, unitPrice: 0.99, price: 2.97 }),
      expect.objectContaining({ title: 'Radar stream', quantity: 1.235, unitPrice: 0.05, price: 0.06 }),
    ]);
    const invoice = order.invoices[0]!;
    expect(invoice).toMatchObject({ net: 3.03, vat: 0.58, gross: 3.61, commission: 0.3, state: 'open' });
    expect(invoice.serviceFrom).toBe('2031-02-28T23:00:00.000Z');
    expect(invoice.serviceTo).toBe('2031-03-31T21:59:59.999Z');
    expect(invoice.number).toMatch(/^[0-9A-F]{8}-2031-000001$/);

    const pdf = await fetch(`${testApp.baseUrl}${invoice.pdfPath}`, { headers: buyer.headers });
    const text = await readPdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('3 × Buoy readings');
    expect(text).toContain('1,235 × Radar stream');
    expect(text).toContain('Leistungszeitraum');
  });

  it('issues no invoice for a month without usage', async () => {
    const buyer = await signIn(testApp);
    expect((await pay(buyer, offers.download)).status).toBe(201);
    const before = (await ordersOf(buyer)).length;
    expect(await issueUsageInvoices(billingOptions(new Date('2031-06-01T00:30:00Z')))).toEqual([]);
    expect((await ordersOf(buyer)).length).toBe(before);
  });

  it('runs as a pg-boss job on the clock it is given', async () => {
    const buyer = await signIn(testApp);
    expect((await pay(buyer, offers.download)).status).toBe(201);
    const download = await entitlementOf(buyer, offers.download);
    await recordUsage(testApp.database.db, {
      entitlementId: download.entitlementId,
      offerId: offers.download.id,
      userId: buyer.user.id,
      channel: 'download',
      succeeded: true,
      occurredAt: new Date('2031-08-10T10:00:00Z'),
    });
    const jobs = createBillingJobs({
      databaseUrl: testApp.database.url,
      db: testApp.database.db,
      commissionRate: COMMISSION,
      now: () => new Date('2031-09-01T01:00:00Z'),
    });
    await jobs.start();
    try {
      await jobs.runNow(USAGE_INVOICING_QUEUE);
      await jobs.runNow(USAGE_INVOICING_QUEUE);
      await expect
        .poll(async () => (await ordersOf(buyer)).flatMap((order) => order.invoices).map((invoice) => invoice.net), {
          timeout: 20_000,
        })
        .toEqual([0.99]);
    } finally {
      await jobs.stop();
    }
    expect((await ordersOf(buyer)).flatMap((order) => order.invoices)).toHaveLength(1);
  });
});

describe('usage pages', () => {
  it("shows the buyer this month's usage and cost, and the supplier each offer's usage", async () => {
    const { buyer, download, volume } = await meteredBuyer();
    const db = testApp.database.db;
    const base = { userId: buyer.user.id, succeeded: true, httpStatus: 200 };
    const aDownload = {
      ...base,
      entitlementId: download.entitlementId,
      offerId: offers.download.id,
      channel: 'download',
      bytes: 100,
    } as const;
    await recordUsage(db, aDownload);
    await recordUsage(db, aDownload);
    await recordUsage(db, {
      ...base,
      entitlementId: volume.entitlementId,
      offerId: offers.volume.id,
      channel: 'api',
      bytes: 2_500_000,
    });

    const usage = await usageOf(buyer);
    expect(usage.status).toBe(200);
    expect(await entitlementOf(buyer, offers.download)).toMatchObject({
      downloads: 2,
      requests: 2,
      quantity: 2,
      costSoFar: 1.98,
    });
    expect(await entitlementOf(buyer, offers.volume)).toMatchObject({
      bytes: 2_500_000,
      quantity: 2.5,
      costSoFar: 0.13,
    });

    const sales = await requestAs<TSalesUsageResponse>(testApp, seller, 'GET', '/api/sales/usage');
    expect(sales.status).toBe(200);
    const downloads = sales.body.offers.find((offer) => offer.offerId === offers.download.id)!;
    expect(downloads.downloads).toBeGreaterThanOrEqual(2);
    expect(downloads.buyers).toBeGreaterThanOrEqual(1);
    expect(downloads.priceUnit).toBe('download');
    // A buyer sells nothing.
    expect((await requestAs<TSalesUsageResponse>(testApp, buyer, 'GET', '/api/sales/usage')).body.offers).toEqual([]);
    expect((await request(testApp.baseUrl, 'GET', '/api/acquisitions/usage')).status).toBe(401);
  });
});
