import type { TOffer } from '@dsm/contracts';

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** 1024-based size with 2 decimals, B up to YB ('1.50 KB'); null when unknown. */
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

/** The real size of an offer: the sum of its distributions' `dcat:byteSize`, or null when none states one. */
export function offerSize(offer: TOffer): number | null {
  let total = 0;
  let isKnown = false;
  for (const dataset of offer.datasets) {
    for (const distribution of dataset['dcat:distribution']) {
      const size = distribution['dcat:byteSize'];
      if (size !== null && Number.isFinite(size) && size >= 0) {
        total += size;
        isKnown = true;
      }
    }
  }
  return isKnown ? total : null;
}
