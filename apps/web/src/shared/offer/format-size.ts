import type { TOffer } from '@dsm/contracts';
import { formatByteSize } from '../format/size';

/** 1024-based size with 2 decimals, B up to YB, in the page's language ('1.50 KB', '1,50 KB'); null when unknown. */
export const formatSize = (bytes: number | null | undefined): string | null => formatByteSize(bytes);

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
