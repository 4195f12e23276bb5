import type { BalanceUnit, Currency } from '@kartu/contracts';
import { formatCardBalance } from '../../card-balance.ts';

/** How an amount reads on screen: money in the card's currency, points and stamps with their unit. */
export function formatAmount(amount: number, unit: BalanceUnit, currency: Currency): string {
  return formatCardBalance({ amount, unit }, currency);
}

export type AmountDirection = 'in' | 'out' | 'none';

export function directionOf(amount: number): AmountDirection {
  return amount > 0 ? 'in' : amount < 0 ? 'out' : 'none';
}

/** '+1.250 Pts' for points in, '−300 Pts' (a true minus sign) for points out, as seen from this card. */
export function formatSignedAmount(amount: number, unit: BalanceUnit, currency: Currency): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '\u2212' : '';
  return `${sign}${formatAmount(Math.abs(amount), unit, currency)}`;
}
