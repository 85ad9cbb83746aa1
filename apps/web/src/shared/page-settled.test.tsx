import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPageSettled, SETTLE_AT_THE_LATEST_MS, settleWhenIdle, usePageSettled } from './page-settled';

afterEach(() => {
  resetPageSettled();
  vi.useRealTimers();
});

describe('settleWhenIdle', () => {
  it('settles once the page calls have answered and the browser is idle, not before', async () => {
    const queryClient = new QueryClient();
    let answer: (value: string) => void = () => {};
    const pending = queryClient.fetchQuery({
      queryKey: ['page'],
      queryFn: () => new Promise<string>((r) => (answer = r)),
    });
    const idle: (() => void)[] = [];
    const { result } = renderHook(() => usePageSettled());
    settleWhenIdle(queryClient, (run) => idle.push(run));
    expect(idle).toHaveLength(0);
    await act(async () => {
      answer('data');
      await pending;
    });
    expect(idle).toHaveLength(1);
    expect(result.current).toBe(false);
    act(() => idle[0]?.());
    expect(result.current).toBe(true);
  });

  it('settles at the latest after a while when the calls never rest', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    void queryClient.fetchQuery({ queryKey: ['endless'], queryFn: () => new Promise<string>(() => {}) });
    const { result } = renderHook(() => usePageSettled());
    settleWhenIdle(queryClient, (run) => run());
    act(() => vi.advanceTimersByTime(SETTLE_AT_THE_LATEST_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});
