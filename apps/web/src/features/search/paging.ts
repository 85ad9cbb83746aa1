import { RESULT_CAP } from '@dsm/contracts';

export type TPagingState = {
  canGoFirst: boolean;
  canGoPrev: boolean;
  canGoNext: boolean;
  canGoLast: boolean;
  /** Index of the last page, when it can be known (the total is not capped). */
  lastIndex: number;
};

/**
 * Which paging buttons work. Next is disabled when the next page would start at or beyond the
 * smaller of the total and the 10000 cap (the reference's rule let it ask for a page at the cap);
 * Last is disabled when more than 10000 match, because the last page cannot be reached.
 */
export function pagingState(index: number, pageSize: number, total: number, isTotalCapped: boolean): TPagingState {
  const reachable = Math.min(total, RESULT_CAP);
  const lastIndex = Math.max(0, Math.ceil(reachable / pageSize) - 1);
  return {
    canGoFirst: index > 0,
    canGoPrev: index > 0,
    canGoNext: (index + 1) * pageSize < reachable,
    canGoLast: !isTotalCapped && total <= RESULT_CAP && index < lastIndex,
    lastIndex,
  };
}
