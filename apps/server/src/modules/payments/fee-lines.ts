import type { FeeLine, FeeLineType, PaymentMethod } from '@kartu/contracts';

/**
 * A fee on a price: a fixed amount in minor units, or a share of the price in basis points (1/100
 * of a percent); with `methods`, only when paying by one of them.
 */
export type FeeRule = { type: FeeLineType; methods?: PaymentMethod[] } & ({ fixedMinor: number } | { basisPoints: number });

export interface PricedFees {
  lines: { type: FeeLineType; amountMinor: bigint }[];
  subtotalMinor: bigint;
  totalMinor: bigint;
}

/** A share of an amount, rounded half up to whole minor units. */
function shareOf(amountMinor: bigint, basisPoints: number): bigint {
  return (amountMinor * BigInt(basisPoints) * 2n + 10_000n) / 20_000n;
}

/**
 * The fee lines of a price, in the order of the rules, every figure worked out here: shares are
 * of the subtotal, in whole minor units. Fees of the same type add up into one line.
 */
export function priceWithFees(subtotalMinor: bigint, rules: readonly FeeRule[]): PricedFees {
  const byType = new Map<FeeLineType, bigint>();
  for (const rule of rules) {
    const amount = 'fixedMinor' in rule ? BigInt(rule.fixedMinor) : shareOf(subtotalMinor, rule.basisPoints);
    if (amount !== 0n) byType.set(rule.type, (byType.get(rule.type) ?? 0n) + amount);
  }
  const lines = [...byType].map(([type, amountMinor]) => ({ type, amountMinor }));
  return { lines, subtotalMinor, totalMinor: lines.reduce((total, line) => total + line.amountMinor, subtotalMinor) };
}

export function toFeeLines(fees: PricedFees): FeeLine[] {
  return fees.lines.map((line) => ({ type: line.type, amount: Number(line.amountMinor) }));
}
