import type { BalanceUnit, Currency } from '@kartu/contracts';
import { formatBalance, formatCurrency } from '@kartu/core';

/**
 * A card balance in its program's unit: '1.250 Pts', '6 Stamps' or 'Rp 25.000'
 * (spec: app-core §3 Currency, §9 points shown as Pts or Stamps with 0 decimals).
 */
export function formatCardBalance(balance: { amount: number; unit: BalanceUnit }, currency: Currency): string {
  if (balance.unit === 'CASH') return formatCurrency(balance.amount, currency);
  return formatBalance(balance.amount, balance.unit, currency.thousandSeparator);
}
