import type { TAcquisitionUsageResponse, TSalesUsageResponse } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import type { TOfferRecord } from '../catalogue/offer-record';
import { recordUsage } from '../usage/record-usage';
import { selectUsageTotals } from '../usage/usage-repository';
import { addAgentMember } from './add-agent-member';
import { findEntitlementWithLine } from './billing-repository';
import { billingMonthOf } from './invoice-dates';
import { selectLatestInvoiceOfEntitlements } from './invoices-repository';
import { checkOut, insertOfferOf, type TTestSupplier } from './orders-test-data';
import { presentEntitlementUsage } from './present-usage';

/**
 * The usage pages read all their entitlements' usage in grouped queries: the answers are those of
 * reading each entitlement's usage on its own.
 */

const PUBLISHER: TTestSupplier = { id: 'https://dsm.example/agents/usage-queries', name: 'Zähler Daten' };

let seller: TSignedIn;
let buyers: TSignedIn[];
const offers: TOfferRecord[] = [];

const testApp = useTestApp();

beforeAll(async () => {
  const db = testApp.database.db;
  seller = await signIn(testApp);
  for (const [index, paymentModel] of (
    ['PAY_PER_USE_DOWNLOAD', 'DATA_VOLUME_BASED', 'SUBSCRIPTION_BASED', 'PAY_PER_USE_DOWNLOAD'] as const
  ).entries()) {
    offers.push(await insertOfferOf(db, PUBLISHER, { title: `Meter ${index}`, paymentModel, price: 0.5 + index }));
  }
  await addAgentMember({ db, agentId: PUBLISHER.id, userId: seller.user.id });
  buyers = [await signIn(testApp), await signIn(testApp)];
  for (const buyer of buyers) {
    const placed = await checkOut(testApp, buyer, offers);
    expect(placed.status).toBe(201);
  }
  const month = billingMonthOf(new Date());
  const entitlements = await db.selectFrom('entitlements').selectAll().execute();
  // Usage this month in every channel and outcome, some last month, and none at all for the last offer.
  for (const [index, entitlement] of entitlements.entries()) {
    if (entitlement.offer_id === offers[3]!.id.toLowerCase()) continue;
    for (let event = 0; event <= index; event++) {
      await recordUsage(db, {
        entitlementId: entitlement.id,
        offerId: entitlement.offer_id,
        userId: entitlement.user_id,
        channel: (['download', 'api', 'connector'] as const)[event % 3]!,
        succeeded: event % 4 !== 3,
        bytes: 1_000 * (event + 1) + index,
      });
    }
    await recordUsage(db, {
      entitlementId: entitlement.id,
      offerId: entitlement.offer_id,
      userId: entitlement.user_id,
      channel: 'download',
      succeeded: true,
      bytes: 99_999,
      occurredAt: new Date(month.from.getTime() - 60_000),
    });
  }
});

describe('the usage pages', () => {
  it("answer a buyer's entitlements as reading each entitlement's usage on its own does", async () => {
    for (const buyer of buyers) {
      const answer = await requestAs<TAcquisitionUsageResponse>(testApp, buyer, 'GET', '/api/acquisitions/usage');
      expect(answer.status).toBe(200);
      expect(answer.body.entitlements).toHaveLength(offers.length);
      const now = new Date();
      const month = billingMonthOf(now);
      for (const entry of answer.body.entitlements) {
        const row = (await findEntitlementWithLine(testApp.database.db, entry.entitlementId))!;
        const totals = await selectUsageTotals(testApp.database.db, {
          entitlementId: row.id,
          from: month.from,
          to: month.to,
        });
        const invoices = await selectLatestInvoiceOfEntitlements(testApp.database.db, [row.id]);
        expect(entry).toEqual(presentEntitlementUsage({ row, totals, invoice: invoices.get(row.id) ?? null, now }));
      }
      // The offer without usage is answered with zeros, not left out.
      expect(answer.body.entitlements.find((entry) => entry.offerId === offers[3]!.id)).toMatchObject({
        requests: 0,
        downloads: 0,
        bytes: 0,
        costSoFar: 0,
      });
    }
  });

  it("answer a supplier's offers with the usage of all their buyers this month", async () => {
    const answer = await requestAs<TSalesUsageResponse>(testApp, seller, 'GET', '/api/sales/usage');
    expect(answer.status).toBe(200);
    const month = billingMonthOf(new Date());
    const db = testApp.database.db;
    for (const offer of offers) {
      const entry = answer.body.offers.find((candidate) => candidate.offerId === offer.id)!;
      const entitlements = await db.selectFrom('entitlements').select('id').where('offer_id', '=', offer.id).execute();
      const totals = await Promise.all(
        entitlements.map((entitlement) =>
          selectUsageTotals(db, { entitlementId: entitlement.id, from: month.from, to: month.to }),
        ),
      );
      expect(entry).toMatchObject({
        buyers: 2,
        requests: totals.reduce((sum, total) => sum + total.requests, 0),
        downloads: totals.reduce((sum, total) => sum + total.downloads, 0),
        bytes: totals.reduce((sum, total) => sum + Number(total.bytes), 0),
      });
    }
    expect(answer.body.offers.find((entry) => entry.offerId === offers[3]!.id)).toMatchObject({
      requests: 0,
      downloads: 0,
      bytes: 0,
    });
  });
});
