import { useMemo } from 'react';
import { resolveTimezone } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.tsx';

export interface VoucherDates {
  /** A day in the member's language and the site's time zone: '24 Nov 2026'. */
  day: (iso: string) => string;
  /** A moment: '24 Nov 2026, 10.05'. */
  moment: (iso: string) => string;
}

export function useVoucherDates(): VoucherDates {
  const { intlLocale } = useLanguage();
  return useMemo(() => {
    const timeZone = resolveTimezone();
    const day = new Intl.DateTimeFormat(intlLocale, { timeZone, dateStyle: 'medium' });
    const moment = new Intl.DateTimeFormat(intlLocale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    return { day: (iso) => day.format(new Date(iso)), moment: (iso) => moment.format(new Date(iso)) };
  }, [intlLocale]);
}
