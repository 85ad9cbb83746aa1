import { priceUnitOf } from '@dsm/contracts';
import type { TFunction } from 'i18next';
import { formatMoney } from '../format/format';

/** The parts of a payment label; the component words them in the user's language. */
export type TPaymentLabel =
  | { kind: 'free' }
  | {
      kind: 'price';
      /** The price with 2 decimals and the euro sign in the page's language, '12.50 €' or '12,50 €'. */
      amount: string;
      /** What the price is for: one download (''), a month, or a megabyte. */
      per: 'download' | 'month' | 'MB';
    };

/**
 * The specification's payment labels: FREE_OF_CHARGE is free; PAY_PER_USE_DOWNLOAD is the price;
 * SUBSCRIPTION_BASED the price per month; DATA_VOLUME_BASED the price per MB; anything else is free.
 */
export function paymentLabel(paymentModel: string, price: number): TPaymentLabel {
  const per = priceUnitOf(paymentModel);
  return per ? { kind: 'price', amount: formatMoney(price), per } : { kind: 'free' };
}

const PER_KEYS = { download: 'results.perDownload', month: 'results.perMonth', MB: 'results.perMB' } as const;

/**
 * The label in words: 'Free', '12.50 € / download', '12.50 € / month', '12.50 € / MB' (in the user's
 * language), so every price says what it is a price of.
 */
export function paymentText(label: TPaymentLabel, t: TFunction): string {
  if (label.kind === 'free') return t('results.free');
  return t(PER_KEYS[label.per], { amount: label.amount });
}

const BILLING_KEYS = {
  download: 'pricing.billing.download',
  month: 'pricing.billing.month',
  MB: 'pricing.billing.MB',
} as const;

/** How a price is billed, in one sentence (metered monthly in arrears, or monthly until cancelled); null when free. */
export function billingText(label: TPaymentLabel, t: TFunction): string | null {
  return label.kind === 'free' ? null : t(BILLING_KEYS[label.per]);
}
