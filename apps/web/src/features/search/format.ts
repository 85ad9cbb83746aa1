import type { TOffer } from '@dsm/contracts';

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** 1024-based size with 2 decimals ('1.50 KB'); null when unknown. */
export function formatSize(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** The real size of an offer: the sum of its distributions' sizes, or null when none states one. */
export function offerSize(offer: TOffer): number | null {
  let total = 0;
  let isKnown = false;
  for (const dataset of offer.datasets) {
    for (const distribution of dataset['dcat:distribution']) {
      if (distribution['dcat:byteSize'] !== null) {
        total += distribution['dcat:byteSize'];
        isKnown = true;
      }
    }
  }
  return isKnown ? total : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd.MM.yyyy HH:mm in the browser's time zone; null when the date is missing or invalid. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type TPaymentLabel = { kind: 'free' } | { kind: 'price'; amount: string; suffix: '' | 'month' | 'MB' };

/** The payment label of the specification: Free, '12.50 €', '12.50 € / month', '12.50 € / MB'. */
export function paymentLabel(paymentModel: string, price: number): TPaymentLabel {
  const amount = `${price.toFixed(2)} €`;
  switch (paymentModel) {
    case 'PAY_PER_USE_DOWNLOAD':
      return { kind: 'price', amount, suffix: '' };
    case 'SUBSCRIPTION_BASED':
      return { kind: 'price', amount, suffix: 'month' };
    case 'DATA_VOLUME_BASED':
      return { kind: 'price', amount, suffix: 'MB' };
    default:
      return { kind: 'free' };
  }
}
