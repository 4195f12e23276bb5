import type { BalanceUnit } from '@kartu/contracts';
import { formatCurrency } from '@kartu/core';
import { paymentCurrency } from '../../../components/payment/payment-currency.ts';
import { formatAmount } from '../../../components/ui/amount.tsx';
import { useSite } from '../../../lib/site.tsx';

/** Bills and top-ups are priced in rupiah, whatever else the merchant keeps. */
const BILL_CURRENCY = 'IDR';

/** Bills' money as the site writes it: prices in rupiah, and what a card spends in its own unit. */
export function useBillMoney(): { rupiah: (amount: number) => string; inUnit: (amount: number, unit: BalanceUnit) => string } {
  const { merchant } = useSite();
  const currency = paymentCurrency(BILL_CURRENCY, merchant.currency);
  return {
    rupiah: (amount) => formatCurrency(amount, currency),
    // A cash card's balance is rupiah; points and stamps are grouped as the merchant groups numbers.
    inUnit: (amount, unit) => formatAmount(amount, unit, unit === 'CASH' ? currency : merchant.currency),
  };
}
