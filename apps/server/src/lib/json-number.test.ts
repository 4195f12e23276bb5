import { describe, expect, it } from 'vitest';
import { toJsonNumber } from './json-number.ts';

describe('toJsonNumber', () => {
  it('turns ledger amounts, negative ones too, into the same JSON numbers', () => {
    expect(toJsonNumber(0n)).toBe(0);
    expect(toJsonNumber(1250n)).toBe(1250);
    expect(toJsonNumber(-75n)).toBe(-75);
    expect(toJsonNumber(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(toJsonNumber(-BigInt(Number.MAX_SAFE_INTEGER))).toBe(-Number.MAX_SAFE_INTEGER);
  });

  it('refuses an amount past 2^53 rather than rounding it', () => {
    expect(() => toJsonNumber(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(/too large for a JSON number/);
    expect(() => toJsonNumber(-BigInt(Number.MAX_SAFE_INTEGER) - 1n)).toThrow(/too large for a JSON number/);
  });
});
