import { formatCurrency } from '@kartu/core';
import { resolveTimezone } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import { paymentCurrency } from '../../../components/payment/payment-currency.ts';

/** Dates in the member's language and the site's time zone; money in the merchant's currency format. */
export function useMembershipFormat() {
  const { intlLocale } = useLanguage();
  const { merchant } = useSite();
  const day = new Intl.DateTimeFormat(intlLocale, { timeZone: resolveTimezone(), dateStyle: 'long' });
  return {
    date: (iso: string) => day.format(new Date(iso)),
    money: (amountMinor: number, currencyCode: string) => formatCurrency(amountMinor, paymentCurrency(currencyCode, merchant.currency)),
  };
}
