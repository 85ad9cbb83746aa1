import { PAYMENT_MODELS, type TPaymentModel } from './catalogue';

// The units of prices, apart from the pricing schemas (pricing.ts): a page that only shows prices
// does without zod.

/** The unit a price is in: one download, one month, one megabyte; null for free offers. */
export const PRICE_UNITS = ['download', 'month', 'MB'] as const;
export type TPriceUnit = (typeof PRICE_UNITS)[number];

/** A megabyte as the volume prices count it: 10^6 bytes (SI), not 2^20. */
export const BYTES_PER_MB = 1_000_000;

const UNIT_OF: Record<TPaymentModel, TPriceUnit | null> = {
  FREE_OF_CHARGE: null,
  PAY_PER_USE_DOWNLOAD: 'download',
  SUBSCRIPTION_BASED: 'month',
  DATA_VOLUME_BASED: 'MB',
};

/** The unit an offer's price is in, or null when it is free (or its model unknown). */
export function priceUnitOf(paymentModel: string): TPriceUnit | null {
  return (PAYMENT_MODELS as readonly string[]).includes(paymentModel) ? UNIT_OF[paymentModel as TPaymentModel] : null;
}
