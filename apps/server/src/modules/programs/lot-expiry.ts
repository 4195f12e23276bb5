import { calendarDateIn, DAY_MS, startOfYearIn } from '@kartu/core/calendar';
import type { ExpiryPolicy } from './programs.table.ts';

export interface ExpiryRule {
  expiryPolicy: ExpiryPolicy;
  expiryDays: number | null;
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
      return new Date(now.getTime() + (rule.expiryDays ?? 0) * DAY_MS);
    case 'end-of-year':
      return startOfYearIn(calendarDateIn(now, timeZone).year + 1, timeZone);
  }
}
