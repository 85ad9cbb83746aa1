import { RESULT_CAP } from '@dsm/contracts';

/** Which paging buttons work, and where Last goes. */
export type TPagingState = {
  canGoFirst: boolean;
  canGoPrev: boolean;
  canGoNext: boolean;
  canGoLast: boolean;
  /** Index of the last page that can be reached. */
  lastIndex: number;
  /** How many pages the result has; when the total is capped, how many can be reached (there are more). */
  pageCount: number;
  /** More than 10,000 match: the result has more pages than `pageCount`, which paging cannot reach. */
  isBeyondCap: boolean;
};

/** The page being shown and the size of the result. */
export type TPagingInput = { index: number; pageSize: number; total: number; isTotalCapped: boolean };

/**
 * The paging rules. Next is disabled when the next page would start at or beyond the smaller of
 * the total and the 10000 cap (the reference's rule `next index > 10000 / pageSize` let it ask for
 * a page starting at 10000, which the API refuses). Last is disabled when more than 10000 match,
 * because that last page cannot be known, and on the last page itself.
 */
export function pagingState({ index, pageSize, total, isTotalCapped }: TPagingInput): TPagingState {
  const reachable = Math.min(total, RESULT_CAP);
  const lastIndex = Math.max(0, Math.ceil(reachable / pageSize) - 1);
  const isBeyondCap = isTotalCapped || total > RESULT_CAP;
  return {
    canGoFirst: index > 0,
    canGoPrev: index > 0,
    canGoNext: (index + 1) * pageSize < reachable,
    canGoLast: !isBeyondCap && index < lastIndex,
    lastIndex,
    pageCount: Math.ceil(reachable / pageSize),
    isBeyondCap,
  };
}
