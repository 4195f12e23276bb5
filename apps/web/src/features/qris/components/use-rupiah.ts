import type { Currency } from '@kartu/contracts';
import { formatCurrency } from '@kartu/core';
import { QRIS_MAX_AMOUNT } from '@kartu/core/constants';
import { paymentCurrency } from '../../../components/payment/payment-currency.ts';
import { useSite } from '../../../lib/site.tsx';

/** A QRIS is paid in rupiah, whatever else the merchant keeps. */
export const QRIS_CURRENCY = 'IDR';

/** Rupiah as the site writes it, with the QRIS limit ready to show (business-rules §9). */
export function useRupiah(): { currency: Currency; format: (amount: number) => string; max: string } {
  const { merchant } = useSite();
  const currency = paymentCurrency(QRIS_CURRENCY, merchant.currency);
  const format = (amount: number) => formatCurrency(amount, currency);
  return { currency, format, max: format(QRIS_MAX_AMOUNT) };
}
