import { z } from 'zod';
import { PAYMENT_MODELS } from './catalogue';
import { endpointGroup } from './endpoint';
import { PRICE_UNITS } from './price-units';

const ordersApi = endpointGroup('orders');

/**
 * What an offer's price is a price of, and the arithmetic of metered lines, shared by server and web
 * so that offer details, the cart and the invoices say the same.
 *
 * - FREE_OF_CHARGE: nothing, ever.
 * - PAY_PER_USE_DOWNLOAD: per successful download, invoiced monthly in arrears.
 * - SUBSCRIPTION_BASED: per month; the first month at checkout, then one invoice per renewal.
 * - DATA_VOLUME_BASED: per MB (10^6 bytes) sent through the marketplace, invoiced monthly in arrears.
 */

/** Whether the price is charged for usage after the fact (per download, per MB). */
export function isMetered(paymentModel: string): boolean {
  return paymentModel === 'PAY_PER_USE_DOWNLOAD' || paymentModel === 'DATA_VOLUME_BASED';
}

/**
 * What checkout invoices for one item: the first month of a subscription. Free offers cost nothing
 * and metered ones are invoiced monthly from their usage, so checkout bills them nothing.
 */
export function checkoutPrice(paymentModel: string, price: number): number {
  return paymentModel === 'SUBSCRIPTION_BASED' ? price : 0;
}

/**
 * A metered quantity in thousandths of its unit: downloads as they are; bytes as MB rounded half up to
 * three decimals (1,234,567 bytes are 1.235 MB). Exact for any count a bigint holds.
 */
export function meteredQuantityMilli(paymentModel: string, usage: { downloads: number; bytes: bigint }): bigint {
  if (paymentModel === 'PAY_PER_USE_DOWNLOAD') return BigInt(usage.downloads) * 1000n;
  if (paymentModel === 'DATA_VOLUME_BASED') return (usage.bytes + 500n) / 1000n;
  return 0n;
}

/**
 * The net amount of a metered line in cents: quantity (thousandths) times unit price (cents), rounded
 * half up once, to the cent. The invoice prints the quantity with three decimals, so quantity × unit
 * price on the invoice gives exactly this amount before rounding.
 */
export function meteredLineCents(quantityMilli: bigint, unitPriceCents: number): number {
  return Number((quantityMilli * BigInt(unitPriceCents) + 500n) / 1000n);
}

/** Thousandths to the number they stand for (1235n is 1.235). */
export function fromMilli(milli: bigint): number {
  return Number(milli) / 1000;
}

const ZMoney = z.number().meta({ description: 'Net euros' });

/** This calendar month (Europe/Berlin) as usage pages count it. */
export const ZUsagePeriod = z.object({
  /** ISO 8601 start (inclusive). */
  from: z.string(),
  /** ISO 8601 end (exclusive). */
  to: z.string(),
});
export type TUsagePeriod = z.infer<typeof ZUsagePeriod>;

/** One entitlement of the signed-in buyer with its usage and cost this month. */
/**
 * Where an invoice stands for the buyer who owes it: `open` (not paid, not yet due), `overdue` (open
 * past its due date), `paid`, or `cancelled` (with its order, for want of payment).
 */
export const BILLED_INVOICE_STATES = ['open', 'overdue', 'paid', 'cancelled'] as const;
export type TBilledInvoiceState = (typeof BILLED_INVOICE_STATES)[number];

/** An invoice that billed a bought offer to its buyer (at checkout, a renewal or a month's usage). */
export const ZBilledInvoice = z.object({
  id: z.string(),
  number: z.string(),
  state: z.enum(BILLED_INVOICE_STATES),
  /** ISO 8601 times. */
  issuedAt: z.string(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  /** The invoice's total in euros, VAT included (it may bill further offers of the same supplier). */
  gross: z.number(),
  /** Where the buyer downloads its PDF (with the bearer token). */
  pdfPath: z.string(),
});
export type TBilledInvoice = z.infer<typeof ZBilledInvoice>;

export const ZEntitlementUsage = z.object({
  entitlementId: z.string(),
  offerId: z.string(),
  title: z.string(),
  providerName: z.string(),
  paymentModel: z.enum(PAYMENT_MODELS),
  /** Net price per unit, as agreed at checkout. */
  unitPrice: ZMoney,
  priceUnit: z.enum(PRICE_UNITS).nullable(),
  startsAt: z.string(),
  /** End of access: for a subscription, the end of the paid period; null: no end. */
  endsAt: z.string().nullable(),
  /** When the buyer cancelled the subscription (it runs to endsAt); null: it renews. */
  cancelledAt: z.string().nullable(),
  isActive: z.boolean(),
  /** A running subscription the buyer can still cancel. */
  canCancel: z.boolean(),
  requests: z.number().int(),
  downloads: z.number().int(),
  bytes: z.number().int(),
  /** Downloads or MB (three decimals) billed so far this month; null for subscriptions. */
  quantity: z.number().nullable(),
  /** Net cost of this month so far: the metered amount, or the subscription's monthly price. */
  costSoFar: ZMoney,
  /**
   * The latest invoice that billed this entitlement (its checkout, a renewal or a month's usage);
   * null when nothing was billed yet. A subscription's period is paid only when it is `paid`.
   */
  invoice: ZBilledInvoice.nullable(),
});
export type TEntitlementUsage = z.infer<typeof ZEntitlementUsage>;

/** `GET /api/acquisitions/usage`: the signed-in buyer's entitlements, latest first. */
export const ZAcquisitionUsageResponse = z.object({
  period: ZUsagePeriod,
  entitlements: z.array(ZEntitlementUsage),
});
export type TAcquisitionUsageResponse = z.infer<typeof ZAcquisitionUsageResponse>;

/** One offer a supplier sells, with its usage this month. */
export const ZOfferUsage = z.object({
  offerId: z.string(),
  title: z.string(),
  paymentModel: z.enum(PAYMENT_MODELS),
  price: ZMoney,
  priceUnit: z.enum(PRICE_UNITS).nullable(),
  /** Buyers holding an entitlement active this month. */
  buyers: z.number().int(),
  requests: z.number().int(),
  downloads: z.number().int(),
  bytes: z.number().int(),
});
export type TOfferUsage = z.infer<typeof ZOfferUsage>;

/** `GET /api/sales/usage`: the offers of the publishers the signed-in user sells for. */
export const ZSalesUsageResponse = z.object({
  period: ZUsagePeriod,
  offers: z.array(ZOfferUsage),
});
export type TSalesUsageResponse = z.infer<typeof ZSalesUsageResponse>;

/** The cancel path of one subscription (its entitlement id). */
export const cancelSubscriptionPath = (id: string): string => `/api/subscriptions/${encodeURIComponent(id)}/cancel`;

export const salesUsageEndpoint = ordersApi('GET /api/sales/usage', {
  answer: ZSalesUsageResponse,
  summary: "This month's usage of the offers the signed-in user sells",
  description:
    'Per offer sold at checkout by a publisher the user is a member of: buyers with access this calendar month (Europe/Berlin), requests, successful downloads and bytes delivered.',
  errors: [],
});

export const acquisitionUsageEndpoint = ordersApi('GET /api/acquisitions/usage', {
  answer: ZAcquisitionUsageResponse,
  summary: "The signed-in buyer's entitlements with this month's usage and cost so far",
  description:
    'Per entitlement: requests, successful downloads and bytes this calendar month (Europe/Berlin), the metered quantity (downloads, or MB of 10^6 bytes with three decimals) and its net cost so far; for a subscription its monthly price, the end of the paid period and whether it can be cancelled.',
  errors: [],
});
