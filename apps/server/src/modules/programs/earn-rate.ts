export interface EarnRate {
  earnRateNumerator: bigint;
  earnRateDenominator: bigint;
}

/** Points for a spend in minor currency units: floored, so 19,999 at 1 per 10,000 earns 1. */
export function pointsForSpend(rate: EarnRate, spendMinor: bigint): bigint {
  if (spendMinor <= 0n || rate.earnRateDenominator <= 0n) return 0n;
  // bigint division truncates toward zero, which is the floor for non-negative values.
  return (spendMinor * rate.earnRateNumerator) / rate.earnRateDenominator;
}
