import type { ExpiryPolicy } from './programs.table.ts';

export interface ExpiryRule {
  expiryPolicy: ExpiryPolicy;
  expiryDays: number | null;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Milliseconds the zone is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The year of an instant as the merchant's customers see it. */
function yearIn(instant: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(instant));
}

/**
 * When value credited at `now` expires under the program's policy; null never expires.
 * 'end-of-year' ends at midnight of 1 January in the merchant's time zone, not in UTC.
 */
export function lotExpiresAt(rule: ExpiryRule, now: Date, timeZone: string): Date | null {
  switch (rule.expiryPolicy) {
    case 'none':
      return null;
    case 'rolling-days':
      return new Date(now.getTime() + (rule.expiryDays ?? 0) * dayMs);
    case 'end-of-year': {
      const newYearUtc = new Date(Date.UTC(yearIn(now, timeZone) + 1, 0, 1));
      return new Date(newYearUtc.getTime() - zoneOffsetMs(newYearUtc, timeZone));
    }
  }
}
