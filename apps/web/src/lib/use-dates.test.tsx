import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useDates } from './use-dates.ts';

/** The device's time zone as the browser names it. */
function deviceZone(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useDates().recent', () => {
  // 00:30 on 11 March in Jakarta, still 10 March in UTC.
  const now = new Date('2026-03-10T17:30:00.000Z');

  it('says how long ago a moment of today was, in the member’s time zone', () => {
    deviceZone('Asia/Jakarta');
    const { result } = renderHook(() => useDates());
    expect(result.current.recent('2026-03-10T17:29:40.000Z', now)).toBe('now');
    expect(result.current.recent('2026-03-10T17:25:00.000Z', now)).toBe('5 minutes ago');
    expect(result.current.recent('2026-03-10T17:10:00.000Z', now)).toBe('20 minutes ago');
    // A moment a little ahead of the device's clock.
    expect(result.current.recent('2026-03-10T17:31:00.000Z', now)).toBe('now');
  });

  it('gives the day of a moment before today there, however recent', () => {
    deviceZone('Asia/Jakarta');
    const { result } = renderHook(() => useDates());
    expect(result.current.recent('2026-03-10T16:50:00.000Z', now)).toBe('Mar 10, 2026');
    expect(result.current.recent('2026-01-02T03:00:00.000Z', now)).toBe('Jan 2, 2026');
  });

  it('counts hours within the day', () => {
    deviceZone('UTC');
    const { result } = renderHook(() => useDates());
    expect(result.current.recent('2026-03-10T15:00:00.000Z', now)).toBe('2 hours ago');
    expect(result.current.recent('2026-03-10T16:29:00.000Z', now)).toBe('1 hour ago');
  });
});
