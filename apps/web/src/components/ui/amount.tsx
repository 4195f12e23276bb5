import type { ReactNode } from 'react';
import type { BalanceUnit, Currency } from '@kartu/contracts';
import { formatBalance, formatCurrency } from '@kartu/core';
import './ui.css';

/**
 * An amount in its unit: 'Rp 25.000' for money in the merchant's currency, '1.250 Pts' or
 * '6 Stamps' for points and stamps (spec: app-core §3 Currency, §9 points with 0 decimals).
 */
export function formatAmount(amount: number, unit: BalanceUnit, currency: Currency): string {
  if (unit === 'CASH') return formatCurrency(amount, currency);
  return formatBalance(amount, unit, currency.thousandSeparator);
}

export type AmountDirection = 'in' | 'out' | 'none';
export type DirectionWords = Record<AmountDirection, string>;

export function directionOf(amount: number): AmountDirection {
  return amount > 0 ? 'in' : amount < 0 ? 'out' : 'none';
}

/** '+1.250 Pts' in, '−300 Pts' (a true minus sign) out. */
export function formatSignedAmount(amount: number, unit: BalanceUnit, currency: Currency): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '\u2212' : '';
  return `${sign}${formatAmount(Math.abs(amount), unit, currency)}`;
}

export interface AmountProps {
  amount: number;
  unit: BalanceUnit;
  currency: Currency;
  /**
   * Show the sign and colour the amount by direction (green in, red out). Given words, a screen
   * reader hears one before the amount, as 'Received' or 'Spent': the caller's, for the direction is theirs.
   */
  signed?: boolean | DirectionWords;
  /** The element: a span in a row, a paragraph on its own. */
  as?: 'span' | 'p';
  className?: string;
}

/** Money, points or stamps as the app shows every amount: tabular figures that never wrap. */
export function Amount({ amount, unit, currency, signed, as: Element = 'span', className }: AmountProps) {
  const direction = directionOf(amount);
  const classes = ['amount', signed ? `amount--${direction}` : null, className].filter(Boolean).join(' ');
  return (
    <Element className={classes}>
      {typeof signed === 'object' ? <span className="visually-hidden">{signed[direction]} </span> : null}
      {signed ? formatSignedAmount(amount, unit, currency) : formatAmount(amount, unit, currency)}
    </Element>
  );
}

export interface BalanceDisplayProps {
  /** What the balance is, as a heading: 'Points balance'. */
  label: string;
  labelId: string;
  balance: { amount: number; unit: BalanceUnit };
  currency: Currency;
  /** Lines under the figure: expiring soon, a status note. */
  children?: ReactNode;
}

/** A balance as the hero of a page: its label as a heading, the figure large, notes under it. */
export function BalanceDisplay({ label, labelId, balance, currency, children }: BalanceDisplayProps) {
  return (
    <section className="balance-display" aria-labelledby={labelId}>
      <h2 id={labelId} className="balance-display__label">
        {label}
      </h2>
      <Amount as="p" className="balance-display__amount" amount={balance.amount} unit={balance.unit} currency={currency} />
      {children}
    </section>
  );
}
