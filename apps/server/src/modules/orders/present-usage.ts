import {
  meteredLineCents,
  meteredQuantityMilli,
  priceUnitOf,
  type TEntitlementUsage,
  type TOfferUsage,
  type TPaymentModel,
  toCents,
  toEuros,
} from '@dsm/contracts';
import type { TUsageTotals } from '../usage/usage-repository';
import type { TBilledEntitlementRow, TOfferUsageRow } from './billing-repository';
import type { TBilledInvoiceRow } from './invoices-repository';
import { presentBilledInvoice } from './present-billed-invoice';

export type TPresentEntitlementUsageOptions = {
  row: TBilledEntitlementRow;
  totals: TUsageTotals;
  /** The latest invoice that billed the entitlement; null when none did yet. */
  invoice: TBilledInvoiceRow | null;
  now: Date;
};

/** An entitlement with this month's usage and cost so far, and its latest invoice, as its buyer sees it. */
export function presentEntitlementUsage({
  row,
  totals,
  invoice,
  now,
}: TPresentEntitlementUsageOptions): TEntitlementUsage {
  const paymentModel = row.payment_model as TPaymentModel;
  const isActive = row.revoked_at === null && row.starts_at <= now && (row.ends_at === null || row.ends_at > now);
  const isSubscription = paymentModel === 'SUBSCRIPTION_BASED';
  const quantityMilli = meteredQuantityMilli(paymentModel, totals);
  const unitCents = toCents(Number(row.price));
  return {
    entitlementId: row.id,
    offerId: row.offer_id,
    title: row.title,
    providerName: row.provider_name,
    paymentModel,
    unitPrice: Number(row.price),
    priceUnit: priceUnitOf(paymentModel),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    isActive,
    canCancel: isSubscription && isActive && row.cancelled_at === null,
    requests: totals.requests,
    downloads: totals.downloads,
    bytes: Number(totals.bytes),
    quantity: isSubscription ? null : Number(quantityMilli) / 1000,
    costSoFar: isSubscription
      ? isActive
        ? Number(row.price)
        : 0
      : toEuros(meteredLineCents(quantityMilli, unitCents)),
    invoice: invoice ? presentBilledInvoice(invoice, now) : null,
  };
}

/** A supplier's offer with this month's usage. */
export function presentOfferUsage(row: TOfferUsageRow): TOfferUsage {
  const paymentModel = row.payment_model as TPaymentModel;
  return {
    offerId: row.offer_id,
    title: row.title,
    paymentModel,
    price: Number(row.price),
    priceUnit: priceUnitOf(paymentModel),
    buyers: Number(row.buyers),
    requests: Number(row.requests),
    downloads: Number(row.downloads),
    bytes: Number(row.bytes),
  };
}
