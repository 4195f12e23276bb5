import { useMemo } from 'react';
import { HOUR_MS, isoDateIn, MINUTE_MS } from '@kartu/core/calendar';
import { resolveTimezone } from './api-client.ts';
import { useLanguage } from './i18n.tsx';

export interface DateFormats {
  /** A day in the member's language and time zone: '24 Nov 2026'. */
  day: (iso: string) => string;
  /** A moment: '24 Nov 2026, 10.05'. */
  moment: (iso: string) => string;
  /** How long ago, for a moment of today ('now', '5 minutes ago', '2 hours ago'); the day for an older one. */
  recent: (iso: string, now?: Date) => string;
}

/** The days and moments of a page (a voucher's, a gift card's), written in the member's language and time zone. */
export function useDates(): DateFormats {
  const { intlLocale } = useLanguage();
  return useMemo(() => {
    const timeZone = resolveTimezone();
    const day = new Intl.DateTimeFormat(intlLocale, { timeZone, dateStyle: 'medium' });
    const moment = new Intl.DateTimeFormat(intlLocale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    const ago = new Intl.RelativeTimeFormat(intlLocale, { numeric: 'auto' });
    const recent = (iso: string, now = new Date()) => {
      const when = new Date(iso);
      if (isoDateIn(when, timeZone) !== isoDateIn(now, timeZone)) return day.format(when);
      // A moment a little ahead of this device's clock still reads as now.
      const elapsed = Math.max(0, now.getTime() - when.getTime());
      if (elapsed < MINUTE_MS) return ago.format(0, 'second');
      if (elapsed < HOUR_MS) return ago.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
      return ago.format(-Math.floor(elapsed / HOUR_MS), 'hour');
    };
    return { day: (iso) => day.format(new Date(iso)), moment: (iso) => moment.format(new Date(iso)), recent };
  }, [intlLocale]);
}
