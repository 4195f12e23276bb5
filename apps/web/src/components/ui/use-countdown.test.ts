import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './use-countdown.ts';

const start = new Date('2025-03-01T10:00:00Z').getTime();

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the time left and counts down every second', () => {
    const { result } = renderHook(() => useCountdown(start + 5000));
    expect(result.current).toBe(5000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(4000);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(2000);
  });

  it('accepts a Date as well as epoch milliseconds', () => {
    const { result } = renderHook(() => useCountdown(new Date(start + 90_000)));
    expect(result.current).toBe(90_000);
  });

  it('stops at zero and never goes negative', () => {
    const { result } = renderHook(() => useCountdown(start + 2000));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('returns zero for a time already past', () => {
    const { result } = renderHook(() => useCountdown(start - 60_000));
    expect(result.current).toBe(0);
  });

  it('calls onDone once when the time runs out', () => {
    const onDone = vi.fn();
    const { rerender } = renderHook(() => useCountdown(start + 2000, { onDone }));
    act(() => vi.advanceTimersByTime(1000));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5000));
    rerender();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('calls onDone at once when the time is already past', () => {
    const onDone = vi.fn();
    renderHook(() => useCountdown(start - 1, { onDone }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a target', () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useCountdown(null, { onDone }));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('restarts when the target changes', () => {
    const { result, rerender } = renderHook(({ until }) => useCountdown(until), {
      initialProps: { until: start + 3000 },
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(0);
    rerender({ until: start + 10_000 });
    expect(result.current).toBe(7000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(6000);
  });

  it('counts against the clock it is given', () => {
    // A server clock 30 s ahead of the device shortens the wait by 30 s.
    const { result } = renderHook(() => useCountdown(start + 60_000, { now: () => Date.now() + 30_000 }));
    expect(result.current).toBe(30_000);
  });
});
