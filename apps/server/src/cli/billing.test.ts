import type { TAcquisitionUsageResponse, TOrderListResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOfferRecord } from '../modules/catalogue/offer-record';
import { addMonths, billingMonthOf } from '../modules/orders/invoice-dates';
import { checkOut, insertOfferOf, sellFor, type TTestSupplier } from '../modules/orders/orders-test-data';
import { recordUsage } from '../modules/usage/record-usage';
import { requestAs, signIn, type TSignedIn } from '../test/auth';
import { runCli } from '../test/run-cli';
import { startTestApp, type TTestApp } from '../test/test-app';

const PUBLISHER: TTestSupplier = { id: 'https://dsm.example/agents/billing-cli', name: 'Nachtrag Daten' };
/** A month long over, whatever day the tests run on. */
const MONTH = '2025-03';

let testApp: TTestApp;
let buyer: TSignedIn;
let offer: TOfferRecord;
let subscription: TOfferRecord;

const billing = (args: string[]) => runCli('billing', args, { COMMISSION_RATE: '0.1' });

const ordersOfBuyer = async () =>
  (await requestAs<TOrderListResponse>(testApp, buyer, 'GET', '/api/orders?pageSize=100')).body.data;

beforeAll(async () => {
  testApp = await startTestApp();
  offer = await insertOfferOf(testApp.database.db, PUBLISHER, {
    title: 'Gauge readings',
    paymentModel: 'PAY_PER_USE_DOWNLOAD',
    price: 0.99,
  });
  subscription = await insertOfferOf(testApp.database.db, PUBLISHER, { title: 'Level feed', price: 4 });
  await sellFor(testApp.database.db, PUBLISHER);
  buyer = await signIn(testApp);
  for (const bought of [offer, subscription]) {
    const placed = await checkOut(testApp, buyer, [bought]);
    expect(placed.status).toBe(201);
  }
  // The subscription's first month ended two days ago, during the outage.
  const startsAt = new Date(addMonths(new Date(), -1).getTime() - 2 * 24 * 60 * 60 * 1000);
  await testApp.database.db
    .updateTable('entitlements')
    .set({ starts_at: startsAt, ends_at: addMonths(startsAt, 1) })
    .where('offer_id', '=', subscription.id)
    .execute();
  const usage = await requestAs<TAcquisitionUsageResponse>(testApp, buyer, 'GET', '/api/acquisitions/usage');
  const entitlementId = usage.body.entitlements.find((entry) => entry.offerId === offer.id)!.entitlementId;
  // Two downloads in March 2025 (German time) and one on 1 April, which belongs to April.
  for (const occurredAt of ['2025-03-03T09:00:00Z', '2025-03-31T21:30:00Z', '2025-03-31T22:30:00Z']) {
    await recordUsage(testApp.database.db, {
      entitlementId,
      offerId: offer.id,
      userId: buyer.user.id,
      channel: 'download',
      succeeded: true,
      httpStatus: 200,
      bytes: 100,
      occurredAt: new Date(occurredAt),
    });
  }
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('npm run billing', () => {
  it("invoices a finished month's usage dated today and renews a due subscription; a second run bills nothing again", async () => {
    const before = Date.now();
    const first = await billing(['--month', MONTH, '--database-url', testApp.database.url]);
    expect(first.output).toContain(`Issued 1 usage invoice for ${MONTH}`);
    expect(first.output).toContain('Renewed 1 subscription due by');
    expect(first.code).toBe(0);

    const second = await billing(['--month', MONTH, '--database-url', testApp.database.url]);
    expect(second.code).toBe(0);
    expect(second.output).toContain(`Issued 0 usage invoices for ${MONTH}`);
    expect(second.output).toContain('Renewed 0 subscriptions');

    const orders = await ordersOfBuyer();
    const renewals = orders.filter((order) => order.items.some((item) => item.title === 'Level feed'));
    // The checkout (its first month) and one renewal, each with its invoice.
    expect(renewals.map((order) => order.invoices.length)).toEqual([1, 1]);
    const usageOrders = orders.filter((order) =>
      order.items.some((item) => item.title === 'Gauge readings' && order.invoices.length > 0),
    );
    expect(usageOrders).toHaveLength(1);
    const order = usageOrders[0]!;
    expect(order.items).toEqual([
      expect.objectContaining({ title: 'Gauge readings', quantity: 2, unitPrice: 0.99, price: 1.98 }),
    ]);
    const invoice = order.invoices[0]!;
    expect(invoice.serviceFrom).toBe('2025-02-28T23:00:00.000Z');
    expect(invoice.serviceTo).toBe('2025-03-31T21:59:59.999Z');
    // Dated the day it is issued, so its payment window starts now and not in March 2025.
    expect(new Date(invoice.issuedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  }, 60_000);

  it('refuses the month that is still running, with exit code 2 and nothing issued', async () => {
    const running = billingMonthOf(new Date()).label;
    const run = await billing(['--month', running, '--database-url', testApp.database.url]);
    expect(run.code).toBe(2);
    expect(run.output).toContain(`${running} has not ended yet`);
    expect((await ordersOfBuyer()).filter((order) => order.invoices.length > 0)).toHaveLength(3);
  });

  it('refuses a month that is not written as YYYY-MM, and a missing one', async () => {
    const wrong = await billing(['--month', '2025-13']);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('--month must be a month as YYYY-MM');
    const missing = await billing([]);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('--month is required');
  });
});
