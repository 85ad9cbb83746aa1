import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { EMPTY_FILTER } from '../../shared/search/results-params';
import { usePriceRange } from './use-price-range';

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('usePriceRange', () => {
  it("shows a bound from the link with the page's decimal separator", async () => {
    const filter = { ...EMPTY_FILTER, priceRange: { from: 12.5, to: 99.99 } };
    expect(renderHook(() => usePriceRange(filter, () => {})).result.current.fromText).toBe('12.5');
    await act(() => changeLanguage('de'));
    const german = renderHook(() => usePriceRange(filter, () => {})).result.current;
    expect([german.fromText, german.toText]).toEqual(['12,5', '99,99']);
    expect(german.isFromInvalid).toBe(false);
  });
});
