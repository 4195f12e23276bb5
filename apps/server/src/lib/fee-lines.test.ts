import { describe, expect, it } from 'vitest';
import { cashUnitMinorOf, priceWithFees, roundingAdjustment, toFeeLines } from './fee-lines.ts';

describe('cashUnitMinorOf', () => {
  it("is the currency's smallest cash unit in its minor units", () => {
    expect(cashUnitMinorOf({ code: 'IDR', decimalDigits: 0 })).toBe(100);
    expect(cashUnitMinorOf({ code: 'IDR', decimalDigits: 2 })).toBe(10_000);
    expect(cashUnitMinorOf({ code: 'MYR', decimalDigits: 2 })).toBe(5);
    expect(cashUnitMinorOf({ code: 'JPY', decimalDigits: 0 })).toBe(1);
    expect(cashUnitMinorOf({ code: 'USD', decimalDigits: 2 })).toBe(1);
  });
});

describe('roundingAdjustment', () => {
  it('rounds to the nearest step, an exact half down, in the payer’s favour', () => {
    expect(roundingAdjustment(108_050n, 100n)).toBe(-50n);
    expect(roundingAdjustment(108_049n, 100n)).toBe(-49n);
    expect(roundingAdjustment(108_051n, 100n)).toBe(49n);
    expect(roundingAdjustment(108_000n, 100n)).toBe(0n);
  });

  it('never rounds a total away, nor below the part of it no line may take', () => {
    expect(roundingAdjustment(30n, 100n)).toBe(70n);
    expect(roundingAdjustment(50n, 100n)).toBe(50n);
    expect(roundingAdjustment(0n, 100n)).toBe(0n);
    // 40,530 of the 40,540 pay for missing points: rounding down to 40,500 would take from them.
    expect(roundingAdjustment(40_540n, 100n, 40_530n)).toBe(60n);
    expect(roundingAdjustment(40_540n, 100n, 40_500n)).toBe(-40n);
  });

  it('does nothing for a currency paid to its smallest unit', () => {
    expect(roundingAdjustment(12_345n, 1n)).toBe(0n);
  });
});

describe('priceWithFees', () => {
  it('rounds the total of every other line last, wherever the rule is listed, in a line of its own', () => {
    const priced = priceWithFees(85_000n, [{ type: 'rounding', toNearestMinor: 100 }, { type: 'tax', basisPoints: 1_100 }, { type: 'insurance', basisPoints: 50 }]);
    expect(toFeeLines(priced)).toEqual([
      { type: 'tax', amount: 9_350 },
      { type: 'insurance', amount: 425 },
      { type: 'rounding', amount: 25 },
    ]);
    expect(priced.totalMinor).toBe(94_800n);
  });

  it('adds no rounding line when the total is already whole', () => {
    expect(toFeeLines(priceWithFees(85_000n, [{ type: 'admin', fixedMinor: 2_500 }, { type: 'rounding', toNearestMinor: 100 }]))).toEqual([{ type: 'admin', amount: 2_500 }]);
  });
});
