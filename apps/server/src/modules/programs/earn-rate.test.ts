import { describe, expect, it } from 'vitest';
import { pointsForSpend } from './earn-rate.ts';

describe('pointsForSpend', () => {
  const onePerTenThousand = { earnRateNumerator: 1n, earnRateDenominator: 10_000n };

  it('earns 1 point per Rp 10,000, floored', () => {
    expect(pointsForSpend(onePerTenThousand, 9_999n)).toBe(0n);
    expect(pointsForSpend(onePerTenThousand, 10_000n)).toBe(1n);
    expect(pointsForSpend(onePerTenThousand, 19_999n)).toBe(1n);
    expect(pointsForSpend(onePerTenThousand, 250_000n)).toBe(25n);
  });

  it('keeps exact integers for large spends', () => {
    expect(pointsForSpend({ earnRateNumerator: 3n, earnRateDenominator: 7n }, 10n ** 20n)).toBe((3n * 10n ** 20n) / 7n);
  });

  it('earns nothing for a zero or negative spend', () => {
    expect(pointsForSpend(onePerTenThousand, 0n)).toBe(0n);
    expect(pointsForSpend(onePerTenThousand, -50_000n)).toBe(0n);
  });
});
