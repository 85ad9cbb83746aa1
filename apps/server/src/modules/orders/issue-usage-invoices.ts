import { createHash } from 'node:crypto';
import { meteredLineCents, meteredQuantityMilli, type TInvoiceParty, toCents, toEuros } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectUsageTotalsByEntitlement } from '../usage/usage-repository';
import { isBilled, selectMeteredEntitlementsWithUsage, type TBilledEntitlementRow } from './billing-repository';
import { buyerPartyOf } from './buyer-party';
import { billingMonthOf, orderPayBy, type TBillingMonth } from './invoice-dates';
import { issueCommissionInvoices } from './issue-commission-invoices';
import { issueInvoices } from './issue-invoices';
import { settleOrderState } from './order-state';
import { insertBillingOrder, insertOrderItems } from './orders-repository';
import { payByInvoice } from './pay-by-invoice';

export type TIssueUsageInvoicesOptions = {
  db: TDb;
  /** The clock's time: the month before the one it falls in (German time) is invoiced. */
  now: Date;
  /**
   * The month to invoice instead of the one before `now`, for catching up after an outage: the
   * invoices are still issued at `now`, so their date and payment window start today.
   */
  month?: TBillingMonth;
  /** The marketplace's commission as a fraction of each invoice's net amount. */
  commissionRate: number;
  /** The marketplace as issuer of the commission invoices; none are issued without it. */
  marketplace?: TInvoiceParty;
  /** Where a group that cannot be billed is reported; it is tried again on the next run. */
  log?: (line: string) => void;
};

/** The key one buyer's usage of one supplier's offers in one month is billed under. */
export const usageKeyOf = (userId: string, supplierId: string, month: TBillingMonth): string =>
  `usage:${userId}:${supplierId}:${month.label}`;

/** One line of a usage invoice, before it is stored. */
type TUsageLine = { entitlement: TBilledEntitlementRow; quantityMilli: bigint; unitCents: number; netCents: number };

async function usageLinesOf(db: TDb, entitlements: readonly TBilledEntitlementRow[], month: TBillingMonth) {
  const lines: TUsageLine[] = [];
  const totalsOf = await selectUsageTotalsByEntitlement(db, {
    entitlementIds: entitlements.map((entitlement) => entitlement.id),
    from: month.from,
    to: month.to,
  });
  for (const entitlement of entitlements) {
    const quantityMilli = meteredQuantityMilli(entitlement.payment_model, totalsOf.get(entitlement.id)!);
    const unitCents = toCents(Number(entitlement.price));
    if (quantityMilli === 0n) continue;
    lines.push({ entitlement, quantityMilli, unitCents, netCents: meteredLineCents(quantityMilli, unitCents) });
  }
  return lines;
}

async function billGroup(
  options: TIssueUsageInvoicesOptions,
  month: TBillingMonth,
  entitlements: readonly TBilledEntitlementRow[],
): Promise<string | null> {
  const { db, now } = options;
  const first = entitlements[0]!;
  const billingKey = usageKeyOf(first.user_id, first.provider_id, month);
  if (await isBilled(db, billingKey)) return null;
  // The month is over, so its usage no longer changes: it is read before the transaction.
  const lines = await usageLinesOf(db, entitlements, month);
  if (lines.reduce((sum, line) => sum + line.netCents, 0) === 0) return null;
  const buyer = await buyerPartyOf(db, first.user_id);
  if (!buyer) throw new Error(`buyer ${first.user_id} has no organisation to bill`);

  return db.transaction().execute(async (trx) => {
    const orderId = await insertBillingOrder(trx, {
      kind: 'usage',
      billing_key: billingKey,
      consumer_id: first.user_id,
      consumer_name: first.consumer_name,
      consumer_email: first.consumer_email,
      payment_method: payByInvoice.method,
      idempotency_key: null,
      request_fingerprint: createHash('sha256').update(billingKey).digest('hex'),
      created_at: now,
      pay_by: orderPayBy(now),
    });
    // A concurrent run billed it first (this insert waited for it to commit).
    if (!orderId) return null;
    await insertOrderItems(
      trx,
      lines.map((line, position) => ({
        order_id: orderId,
        position,
        offer_id: line.entitlement.offer_id,
        provider_id: line.entitlement.provider_id,
        provider_name: line.entitlement.provider_name,
        title: line.entitlement.title,
        payment_model: line.entitlement.payment_model,
        price: toEuros(line.netCents),
        quantity: `${line.quantityMilli / 1000n}.${(line.quantityMilli % 1000n).toString().padStart(3, '0')}`,
        unit_price: line.entitlement.price,
        invoice_id: null,
        entitlement_id: line.entitlement.id,
      })),
    );
    const invoices = await issueInvoices({
      db: trx,
      orderId,
      lines: lines.map((line, position) => ({
        position,
        productId: line.entitlement.offer_id,
        providerId: line.entitlement.provider_id,
        providerName: line.entitlement.provider_name,
        title: line.entitlement.title,
        paymentModel: line.entitlement.payment_model as 'PAY_PER_USE_DOWNLOAD' | 'DATA_VOLUME_BASED',
        price: toEuros(line.netCents),
      })),
      buyer,
      issuedAt: now,
      commissionRate: options.commissionRate,
      // The last moment of the month, so the invoice prints its last day.
      servicePeriod: { from: month.from, to: new Date(month.to.getTime() - 1) },
    });
    // In the usage order's transaction: the commission invoice exists exactly when the usage invoice does.
    if (options.marketplace) {
      await issueCommissionInvoices({ db: trx, invoices, marketplace: options.marketplace, issuedAt: now });
    }
    await payByInvoice.collect({ db: trx, orderId, consumerId: first.user_id, invoices, now });
    await settleOrderState(trx, orderId, now);
    return orderId;
  });
}

/**
 * Invoices last calendar month's metered usage (German time): per buyer and supplier one order with
 * one invoice, one line per entitlement: the successful downloads, or the MB (10^6 bytes, three
 * decimals) sent, times the unit price agreed at checkout, each line's net amount rounded once to the
 * cent; and the marketplace's commission invoice to the supplier with it. Lines without usage are left out, and so is an invoice that would come to 0 €.
 *
 * Runs as often as it likes: each buyer, supplier and month is billed under one unique key, so a
 * second run, or two at once, issue one invoice. Returns the new orders.
 */
export async function issueUsageInvoices(options: TIssueUsageInvoicesOptions): Promise<string[]> {
  const month = options.month ?? billingMonthOf(options.now, -1);
  const metered = await selectMeteredEntitlementsWithUsage(options.db, month);
  const groups = new Map<string, TBilledEntitlementRow[]>();
  for (const row of metered) {
    const key = JSON.stringify([row.user_id, row.provider_id]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const issued: string[] = [];
  for (const group of groups.values()) {
    try {
      const orderId = await billGroup(options, month, group);
      if (orderId) issued.push(orderId);
    } catch (error) {
      options.log?.(
        `Invoicing ${month.label} usage of ${group[0]!.user_id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return issued;
}
