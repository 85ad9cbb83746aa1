import { createHash } from 'node:crypto';
import type { TInvoiceParty } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { moveEntitlementEnds } from '../entitlements/entitlements-repository';
import { lockNextDueSubscription, type TBilledEntitlementRow } from './billing-repository';
import { buyerPartyOf } from './buyer-party';
import { nextPeriodEnd, orderPayBy } from './invoice-dates';
import { issueCommissionInvoices } from './issue-commission-invoices';
import { issueInvoices } from './issue-invoices';
import { settleOrderState } from './order-state';
import { insertBillingOrder, insertOrderItems, markInvoicesPaid } from './orders-repository';
import { payByInvoice } from './pay-by-invoice';

export type TRenewSubscriptionsOptions = {
  db: TDb;
  /** The clock's time; the job passes the real one, tests a controlled one. */
  now: Date;
  /** The marketplace's commission as a fraction of each invoice's net amount. */
  commissionRate: number;
  /** The marketplace as issuer of the commission invoices; none are issued without it. */
  marketplace?: TInvoiceParty;
  /** Where a renewal that cannot be billed is reported; it is tried again on the next run. */
  log?: (line: string) => void;
};

/** The key a renewal of one subscription for the period starting at `periodStart` is billed under. */
export const renewalKeyOf = (entitlementId: string, periodStart: Date): string =>
  `renewal:${entitlementId}:${periodStart.toISOString()}`;

async function renewOne(trx: TDb, due: TBilledEntitlementRow, options: TRenewSubscriptionsOptions): Promise<string> {
  const periodStart = due.ends_at!;
  const periodEnd = nextPeriodEnd(due.starts_at, periodStart);
  const billingKey = renewalKeyOf(due.id, periodStart);
  const buyer = await buyerPartyOf(trx, due.user_id);
  if (!buyer) throw new Error(`buyer ${due.user_id} has no organisation to bill`);
  const { now } = options;
  const orderId = await insertBillingOrder(trx, {
    kind: 'renewal',
    billing_key: billingKey,
    consumer_id: due.user_id,
    consumer_name: due.consumer_name,
    consumer_email: due.consumer_email,
    payment_method: payByInvoice.method,
    idempotency_key: null,
    request_fingerprint: createHash('sha256').update(billingKey).digest('hex'),
    created_at: now,
    pay_by: orderPayBy(now),
  });
  // Another run billed this period and moved the end: the lock makes this a guard, not a path.
  if (!orderId) throw new Error(`period ${billingKey} was billed already`);
  const line = {
    position: 0,
    productId: due.offer_id,
    providerId: due.provider_id,
    providerName: due.provider_name,
    title: due.title,
    paymentModel: 'SUBSCRIPTION_BASED' as const,
    price: Number(due.price),
  };
  await insertOrderItems(trx, [
    {
      order_id: orderId,
      position: 0,
      offer_id: due.offer_id,
      provider_id: due.provider_id,
      provider_name: due.provider_name,
      title: due.title,
      payment_model: line.paymentModel,
      price: due.price,
      quantity: 1,
      unit_price: due.price,
      invoice_id: null,
      entitlement_id: due.id,
    },
  ]);
  const invoices = await issueInvoices({
    db: trx,
    orderId,
    lines: [line],
    buyer,
    issuedAt: now,
    commissionRate: options.commissionRate,
    servicePeriod: { from: periodStart, to: periodEnd },
  });
  // In the renewal's transaction: the commission invoice exists exactly when the renewal does.
  if (options.marketplace) {
    await issueCommissionInvoices({ db: trx, invoices, marketplace: options.marketplace, issuedAt: now });
  }
  const outcome = await payByInvoice.collect({ db: trx, orderId, consumerId: due.user_id, invoices, now });
  await markInvoicesPaid(trx, outcome.paidInvoiceIds, now, `payment:${payByInvoice.method}`);
  await settleOrderState(trx, orderId, now);
  await moveEntitlementEnds(trx, [due.id], periodEnd);
  return orderId;
}

/**
 * Renews every running subscription whose paid period has ended: one order and one invoice per
 * subscription and month, at the price agreed at checkout, numbered in its supplier's sequence, for
 * the service period from the old end to the next (a month later, counted from the subscription's
 * start); access then runs to that end. Each renewal invoice gets its commission invoice at once. A subscription the job reaches months late is renewed month
 * by month. Cancelled and revoked subscriptions are not renewed.
 *
 * Each renewal is one transaction holding its entitlement's row: a second run at the same time skips
 * it, a later one finds it renewed, and the billing key is unique besides. Returns the renewal orders.
 */
export async function renewSubscriptions(options: TRenewSubscriptionsOptions): Promise<string[]> {
  const renewed: string[] = [];
  const failed: string[] = [];
  for (;;) {
    let dueId: string | null = null;
    try {
      const orderId = await options.db.transaction().execute(async (trx) => {
        const due = await lockNextDueSubscription(trx, { now: options.now, skip: failed });
        if (!due) return null;
        dueId = due.id;
        return renewOne(trx, due, options);
      });
      if (!orderId) return renewed;
      renewed.push(orderId);
    } catch (error) {
      if (!dueId) throw error;
      failed.push(dueId);
      options.log?.(`Renewing subscription ${dueId} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
