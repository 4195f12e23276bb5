import { useMemo } from 'react';
import type { BalanceUnit, CardDetail, ProductPrice } from '@kartu/contracts';
import { formatCurrency } from '@kartu/core';
import { formatAmount } from '../ui/amount.tsx';
import { paymentCurrency } from '../payment/payment-currency.ts';
import { resolveTimezone } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/i18n.tsx';

export interface ShopFormat {
  /** '1.200 Pts', or stamps on a stamp card. */
  points: (amount: number) => string;
  /** Money in minor units of `code`, with the merchant's formatter: 'Rp 25.000'. */
  money: (amount: number, code: string) => string;
  /** A unit price: points, money, or both as '1.000 Pts + Rp 25.000'. */
  price: (price: ProductPrice) => string;
  /** A total that may hold both: the non-zero parts, or zero points when both are zero. */
  total: (total: { points: number; money: number; currency: string }) => string;
  /** A moment in the member's language and the site's time zone: '24 November 2026, 10.05'. */
  dateTime: (iso: string) => string;
}

/** Prices in the card's own unit (points or stamps) and the merchant's currency. */
export function useShopFormat(card: Pick<CardDetail, 'balance' | 'currency'> | undefined): ShopFormat | null {
  const { intlLocale } = useLanguage();
  return useMemo(() => {
    if (!card) return null;
    const moment = new Intl.DateTimeFormat(intlLocale, { timeZone: resolveTimezone(), dateStyle: 'long', timeStyle: 'short' });
    // A cash card's catalog is priced in points all the same.
    const unit: BalanceUnit = card.balance.unit === 'CASH' ? 'POINT' : card.balance.unit;
    // Each amount keeps its figure and unit together; a mixed price may break only around its '+'.
    const unbroken = (text: string) => text.replace(/ /g, '\u00a0');
    const points = (amount: number) => unbroken(formatAmount(amount, unit, card.currency));
    const money = (amount: number, code: string) => unbroken(formatCurrency(amount, paymentCurrency(code, card.currency)));
    const join = (parts: (string | null)[]) => parts.filter((part): part is string => part !== null).join(' + ');
    return {
      points,
      money,
      price: (price) => join([price.points === null ? null : points(price.points), price.money === null ? null : money(price.money, price.currency)]) || points(0),
      total: (total) => join([total.points > 0 ? points(total.points) : null, total.money > 0 ? money(total.money, total.currency) : null]) || points(0),
      dateTime: (iso) => moment.format(new Date(iso)),
    };
  }, [card, intlLocale]);
}
