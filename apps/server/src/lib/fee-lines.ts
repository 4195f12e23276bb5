import type { FeeLine, FeeLineType, PaymentMethod } from '@kartu/contracts';

/**
 * A fee on a price: a fixed amount in minor units, or a share of the price in basis points (1/100
 * of a percent); with `methods`, only when paying by one of them. A `rounding` rule is no fee of
 * its own: it rounds the total to the nearest `toNearestMinor` (the currency's smallest cash unit,
 * cashUnitMinorOf), so its line may be negative.
 */
export type FeeRule =
  | ({ type: Exclude<FeeLineType, 'rounding'>; methods?: PaymentMethod[] } & ({ fixedMinor: number } | { basisPoints: number }))
  | { type: 'rounding'; methods?: PaymentMethod[]; toNearestMinor: number };

export interface PricedFees {
  lines: { type: FeeLineType; amountMinor: bigint }[];
  subtotalMinor: bigint;
  totalMinor: bigint;
}

/**
 * The smallest coin or note that changes hands in cash, in major units, where it is larger than
 * the currency's minor unit (docs/decisions/023-orders.md "Rounding"). Others round to one minor unit.
 */
const cashUnits: Readonly<Record<string, { major: bigint; perMajor: bigint }>> = {
  // Rp 100: the smallest coin in everyday use.
  IDR: { major: 100n, perMajor: 1n },
  // 5 sen: Malaysia rounds cash totals to it.
  MYR: { major: 5n, perMajor: 100n },
};

/** The currency's smallest cash unit in its minor units (IDR with 0 decimals: 100); at least 1. */
export function cashUnitMinorOf(currency: { code: string; decimalDigits: number }): number {
  const unit = cashUnits[currency.code];
  if (!unit) return 1;
  const minor = (unit.major * 10n ** BigInt(currency.decimalDigits)) / unit.perMajor;
  return minor > 1n ? Number(minor) : 1;
}

/** A share of an amount, rounded half up to whole minor units. */
function shareOf(amountMinor: bigint, basisPoints: number): bigint {
  return (amountMinor * BigInt(basisPoints) * 2n + 10_000n) / 20_000n;
}

/**
 * What brings `totalMinor` to the nearest multiple of `step`: an exact half goes the payer's way
 * (down). A total is never rounded below `atLeastMinor`, nor a total above zero to nothing: it is
 * rounded up instead.
 */
export function roundingAdjustment(totalMinor: bigint, step: bigint, atLeastMinor = 0n): bigint {
  if (step <= 1n || totalMinor <= 0n) return 0n;
  const remainder = totalMinor % step;
  const nearest = remainder * 2n > step ? totalMinor - remainder + step : totalMinor - remainder;
  const rounded = nearest < atLeastMinor || nearest === 0n ? nearest + step : nearest;
  return rounded - totalMinor;
}

/**
 * The fee lines of a price, in the order of the rules, every figure worked out here: shares are
 * of the subtotal, in whole minor units. Fees of the same type add up into one line. A rounding
 * rule comes last whatever its place, since it rounds the total of everything before it, never
 * below `roundsNotBelowMinor` (a part of the total that no line may take away).
 */
export function priceWithFees(subtotalMinor: bigint, rules: readonly FeeRule[], { roundsNotBelowMinor = 0n }: { roundsNotBelowMinor?: bigint } = {}): PricedFees {
  const byType = new Map<FeeLineType, bigint>();
  for (const rule of rules) {
    if (rule.type === 'rounding') continue;
    const amount = 'fixedMinor' in rule ? BigInt(rule.fixedMinor) : shareOf(subtotalMinor, rule.basisPoints);
    if (amount !== 0n) byType.set(rule.type, (byType.get(rule.type) ?? 0n) + amount);
  }
  const lines = [...byType].map(([type, amountMinor]) => ({ type, amountMinor }));
  const beforeRounding = lines.reduce((total, line) => total + line.amountMinor, subtotalMinor);
  const rounding = rules.find((rule) => rule.type === 'rounding');
  const adjustment = rounding && 'toNearestMinor' in rounding ? roundingAdjustment(beforeRounding, BigInt(rounding.toNearestMinor), roundsNotBelowMinor) : 0n;
  if (adjustment !== 0n) lines.push({ type: 'rounding', amountMinor: adjustment });
  return { lines, subtotalMinor, totalMinor: beforeRounding + adjustment };
}

export function toFeeLines(fees: PricedFees): FeeLine[] {
  return fees.lines.map((line) => ({ type: line.type, amount: Number(line.amountMinor) }));
}
