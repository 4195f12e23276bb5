import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate, calendarDateIn, DAY_MS, isLeapYear, isoDateIn, startOfYearIn, zoneOffsetMs } from './calendar.ts';

describe('calendar days in a time zone', () => {
  it('reads the date of an instant where the member is', () => {
    const eveningInUtc = new Date('2025-03-01T18:00:00.000Z');
    expect(calendarDateIn(eveningInUtc, 'Asia/Jakarta')).toEqual({ year: 2025, month: 3, day: 2 });
    expect(isoDateIn(eveningInUtc, 'America/New_York')).toBe('2025-03-01');
    expect(isoDateIn('2025-03-01T18:00:00.000Z', 'Asia/Jakarta')).toBe('2025-03-02');
  });

  it('steps over month, year and leap-day boundaries', () => {
    expect(addDaysToIsoDate('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDaysToIsoDate('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysToIsoDate('2025-12-31', 1)).toBe('2026-01-01');
    expect([2024, 2025, 2000, 1900].map(isLeapYear)).toEqual([true, false, true, false]);
  });

  it('finds the instant a year starts in a zone, daylight saving included', () => {
    expect(startOfYearIn(2026, 'Asia/Jakarta')).toEqual(new Date('2025-12-31T17:00:00Z'));
    expect(startOfYearIn(2026, 'America/New_York')).toEqual(new Date('2026-01-01T05:00:00Z'));
    expect(zoneOffsetMs(new Date('2025-07-01T12:00:00Z'), 'America/New_York')).toBe(-4 * 60 * 60 * 1000);
    expect(DAY_MS).toBe(86_400_000);
  });
});
