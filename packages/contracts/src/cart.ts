import { z } from 'zod';
import { PAYMENT_MODELS } from './catalogue';
import { checkoutPrice } from './pricing';

/**
 * What the cart needs of orders without the order schemas: the cart's offers, the order's size
 * limit and the totals arithmetic, which server and web share so the cart shows exactly what the
 * invoices will say. Kept apart so a page with a cart button does not build every order schema.
 */

/** German VAT on every invoice; offer prices are net ('euros plus VAT'). */
export const VAT_RATE = 0.19;

/** Most items one order may hold. */
export const MAX_ORDER_ITEMS = 100;

/**
 * An offer as the cart keeps it: what the cart, the checkout and the payment order need. The web
 * stores these in local storage and compares them with the catalogue before checkout.
 */
export const ZCartOffer = z.object({
  '@id': z.string(),
  title: z.string(),
  paymentModel: z.enum(PAYMENT_MODELS),
  price: z.number(),
  isSellable: z.boolean(),
  /** The first dataset's publisher '@id'; null for an offer without datasets (it cannot be ordered). */
  providerId: z.string().nullable(),
  providerName: z.string().nullable(),
});
export type TCartOffer = z.infer<typeof ZCartOffer>;

/** Euros to whole cents, the unit every sum is made in so that no rounding error adds up. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Whole cents to euros (1250 is 12.5). */
export function toEuros(cents: number): number {
  return cents / 100;
}

/** The amounts of one invoice, in cents. */
export type TInvoiceAmounts = { net: number; vat: number; gross: number; commission: number };

/**
 * Net, VAT (19 % unless told otherwise, rounded half up to the cent), gross and the marketplace's
 * commission of one invoice from the net prices of its lines, all in cents. Server and web compute
 * totals with this one function, so the cart shows exactly what the invoices will say.
 */
export function invoiceAmounts(lineCents: readonly number[], commissionRate = 0, vatRate = VAT_RATE): TInvoiceAmounts {
  const net = lineCents.reduce((sum, cents) => sum + cents, 0);
  // Integer arithmetic: (net * 19 + 50) / 100 rounds half up without floating-point surprises.
  const vat = Math.floor((net * Math.round(vatRate * 100) + 50) / 100);
  const commission = Math.round(net * commissionRate);
  return { net, vat, gross: net + vat, commission };
}

/**
 * The price charged for one item: its price, except for a free offer, which costs nothing whatever
 * price it carries (the payment labels call FREE_OF_CHARGE and unknown models 'Free').
 */
export function chargedPrice(paymentModel: string, price: number): number {
  return (PAYMENT_MODELS as readonly string[]).includes(paymentModel) && paymentModel !== 'FREE_OF_CHARGE' ? price : 0;
}

/**
 * The totals a cart's checkout invoices in cents: one invoice per supplier, each rounded on its own,
 * then added up (which is what the buyer will pay now). Only subscriptions (their first month) count:
 * metered offers are invoiced monthly from their usage, free ones never.
 */
export function orderTotals(
  items: readonly { paymentModel: string; price: number; providerId: string | null }[],
  vatRate = VAT_RATE,
): Omit<TInvoiceAmounts, 'commission'> {
  const bySupplier = new Map<string, number[]>();
  for (const item of items) {
    const key = item.providerId ?? '';
    bySupplier.set(key, [...(bySupplier.get(key) ?? []), toCents(checkoutPrice(item.paymentModel, item.price))]);
  }
  const total = { net: 0, vat: 0, gross: 0 };
  for (const lines of bySupplier.values()) {
    const amounts = invoiceAmounts(lines, 0, vatRate);
    total.net += amounts.net;
    total.vat += amounts.vat;
    total.gross += amounts.gross;
  }
  return total;
}
