import { useMemo } from 'react';
import { resolveTimezone } from './api-client.ts';
import { useLanguage } from './i18n.tsx';

export interface DateFormats {
  /** A day in the member's language and time zone: '24 Nov 2026'. */
  day: (iso: string) => string;
  /** A moment: '24 Nov 2026, 10.05'. */
  moment: (iso: string) => string;
}

/** The days and moments of a page (a voucher's, a gift card's), written in the member's language and time zone. */
export function useDates(): DateFormats {
  const { intlLocale } = useLanguage();
  return useMemo(() => {
    const timeZone = resolveTimezone();
    const day = new Intl.DateTimeFormat(intlLocale, { timeZone, dateStyle: 'medium' });
    const moment = new Intl.DateTimeFormat(intlLocale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    return { day: (iso) => day.format(new Date(iso)), moment: (iso) => moment.format(new Date(iso)) };
  }, [intlLocale]);
}
