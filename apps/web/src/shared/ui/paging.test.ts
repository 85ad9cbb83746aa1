import { describe, expect, it } from 'vitest';
import { pagingState } from './paging';

const state = (index: number, pageSize: number, total: number, isTotalCapped = false) =>
  pagingState({ index, pageSize, total, isTotalCapped });

describe('pagingState', () => {
  it('disables First and Prev on the first page', () => {
    expect(state(0, 10, 50)).toMatchObject({ canGoFirst: false, canGoPrev: false, canGoNext: true, canGoLast: true });
    expect(state(1, 10, 50)).toMatchObject({ canGoFirst: true, canGoPrev: true });
  });
  it('sends Last to the last page and disables Next and Last there', () => {
    expect(state(0, 10, 41).lastIndex).toBe(4);
    expect(state(4, 10, 50)).toMatchObject({ canGoNext: false, canGoLast: false, lastIndex: 4 });
    expect(state(4, 10, 41)).toMatchObject({ canGoNext: false, lastIndex: 4 });
    expect(state(3, 10, 41)).toMatchObject({ canGoNext: true, canGoLast: true });
  });
  it('stops Next at the 10000 cap for every page size', () => {
    expect(state(9, 1000, 10000, true).canGoNext).toBe(false);
    expect(state(8, 1000, 10000, true).canGoNext).toBe(true);
    expect(state(99, 100, 10000, true).canGoNext).toBe(false);
    expect(state(98, 100, 10000, true).canGoNext).toBe(true);
    expect(state(999, 10, 10000, true).canGoNext).toBe(false);
  });
  it('lets Next reach the last page of exactly 10000 results, and no further', () => {
    expect(state(998, 10, 10000)).toMatchObject({ canGoNext: true, canGoLast: true, lastIndex: 999 });
    expect(state(999, 10, 10000)).toMatchObject({ canGoNext: false, canGoLast: false });
  });
  it('disables Last when more than 10000 match', () => {
    expect(state(0, 10, 10000, true).canGoLast).toBe(false);
    expect(state(0, 10, 10001).canGoLast).toBe(false);
    expect(state(0, 10, 10000, false).canGoLast).toBe(true);
  });
  it('has nothing to page for an empty result', () => {
    expect(state(0, 10, 0)).toMatchObject({ canGoNext: false, canGoLast: false, canGoPrev: false, lastIndex: 0 });
  });
  it('counts the pages of a known total, and the reachable ones of a capped total', () => {
    expect(state(0, 10, 41)).toMatchObject({ pageCount: 5, isBeyondCap: false });
    expect(state(0, 1000, 10000)).toMatchObject({ pageCount: 10, isBeyondCap: false });
    expect(state(0, 1000, 10000, true)).toMatchObject({ pageCount: 10, isBeyondCap: true });
    expect(state(0, 10, 0)).toMatchObject({ pageCount: 0 });
  });
});
