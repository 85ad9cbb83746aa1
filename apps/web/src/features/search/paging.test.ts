import { describe, expect, it } from 'vitest';
import { pagingState } from './paging';

describe('pagingState', () => {
  it('disables First and Prev on the first page', () => {
    expect(pagingState(0, 10, 50, false)).toMatchObject({
      canGoFirst: false,
      canGoPrev: false,
      canGoNext: true,
      canGoLast: true,
    });
  });
  it('disables Next and Last on the last page', () => {
    expect(pagingState(4, 10, 50, false)).toMatchObject({ canGoNext: false, canGoLast: false, lastIndex: 4 });
    expect(pagingState(4, 10, 41, false)).toMatchObject({ canGoNext: false, lastIndex: 4 });
  });
  it('stops Next at the 10000 cap for every page size', () => {
    expect(pagingState(9, 1000, 10000, true).canGoNext).toBe(false);
    expect(pagingState(8, 1000, 10000, true).canGoNext).toBe(true);
    expect(pagingState(99, 100, 10000, true).canGoNext).toBe(false);
    expect(pagingState(999, 10, 10000, true).canGoNext).toBe(false);
  });
  it('disables Last when more than 10000 match', () => {
    expect(pagingState(0, 10, 10000, true).canGoLast).toBe(false);
    expect(pagingState(0, 10, 10000, false).canGoLast).toBe(true);
  });
  it('has nothing to page for an empty result', () => {
    expect(pagingState(0, 10, 0, false)).toMatchObject({ canGoNext: false, canGoLast: false, lastIndex: 0 });
  });
});
