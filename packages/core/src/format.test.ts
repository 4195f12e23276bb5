import { describe, it, expect } from 'vitest';
import {
  formatBalance,
  formatCardNumber,
  formatCountdown,
  formatCurrency,
  formatDistance,
  formatNumber,
  formatShortNumber,
  formatWeight,
} from './format.ts';

const usd = { code: 'USD', symbol: '$', decimalDigits: 2, thousandSeparator: ',', decimalSeparator: '.' };

describe('formatCurrency', () => {
  it('formats rupiah with the symbol, a space and dot thousands', () => {
    expect(formatCurrency(12500)).toBe('Rp 12.500');
    expect(formatCurrency(100_000_000)).toBe('Rp 100.000.000');
    expect(formatCurrency(0)).toBe('Rp 0');
  });

  it('accepts bigints beyond the safe integer range', () => {
    expect(formatCurrency(12_345_678_901_234_567_890n)).toBe('Rp 12.345.678.901.234.567.890');
  });

  it("places the decimals and separators of the merchant's currency", () => {
    expect(formatCurrency(123456, usd)).toBe('$ 1,234.56');
    expect(formatCurrency(5, usd)).toBe('$ 0.05');
    expect(formatCurrency(100n, usd)).toBe('$ 1.00');
  });

  it('puts a leading minus before the symbol of a negative amount', () => {
    expect(formatCurrency(-12500)).toBe('-Rp 12.500');
    expect(formatCurrency(-5, usd)).toBe('-$ 0.05');
  });

  it('leaves out the space when the currency has no symbol', () => {
    expect(formatCurrency(1000, { ...usd, symbol: '' })).toBe('10.00');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => formatCurrency(12.5)).toThrow(RangeError);
    expect(() => formatCurrency(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('uses the default currency separators', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1234567.891, { decimals: 2 })).toBe('1.234.567,89');
  });

  it('uses the given decimals and separators', () => {
    expect(formatNumber(1234.5, { decimals: 1, thousandSeparator: ',', decimalSeparator: '.' })).toBe('1,234.5');
    expect(formatNumber(999, { thousandSeparator: ' ' })).toBe('999');
    expect(formatNumber(1000, { thousandSeparator: '' })).toBe('1000');
  });

  it('rounds to the requested decimals', () => {
    expect(formatNumber(2.5)).toBe('3');
    expect(formatNumber(1.26, { decimals: 1 })).toBe('1,3');
  });

  it('formats bigints with zero decimals filled in', () => {
    expect(formatNumber(-1234n, { decimals: 2 })).toBe('-1.234,00');
  });

  it('shows negative numbers with a leading minus but never -0', () => {
    expect(formatNumber(-1500)).toBe('-1.500');
    expect(formatNumber(-0.001, { decimals: 2 })).toBe('0,00');
  });

  it('stays in plain digits for very large numbers', () => {
    expect(formatNumber(1e21)).toBe('1.000.000.000.000.000.000.000');
  });

  it('refuses values that are not numbers', () => {
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatDistance', () => {
  it('shows whole metres without decimals below 1000', () => {
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(0)).toBe('0 m');
  });

  it('shows one decimal of metres when there is one', () => {
    expect(formatDistance(999.5)).toBe('999.5 m');
    expect(formatDistance(12.34)).toBe('12.3 m');
  });

  it('switches to kilometres with one decimal at 1000', () => {
    expect(formatDistance(1000)).toBe('1.0 km');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(1_234_567)).toBe('1,234.6 km');
  });

  it('switches when rounding reaches 1000 metres', () => {
    expect(formatDistance(999.96)).toBe('1.0 km');
  });

  it('shows a negative distance as 0 m', () => {
    expect(formatDistance(-5)).toBe('0 m');
  });
});

describe('formatWeight', () => {
  it('shows grams below 1000', () => {
    expect(formatWeight(500)).toBe('500 gr');
    expect(formatWeight(0.5)).toBe('0.5 gr');
    expect(formatWeight(2.25)).toBe('2.25 gr');
    expect(formatWeight(1.1)).toBe('1.1 gr');
  });

  it('switches to kilograms with two decimals at 1000', () => {
    expect(formatWeight(1000)).toBe('1.00 kg');
    expect(formatWeight(1250)).toBe('1.25 kg');
    expect(formatWeight(999.999)).toBe('1.00 kg');
  });
});

describe('formatShortNumber', () => {
  it('shows numbers below 1000 as they are', () => {
    expect(formatShortNumber(0)).toBe('0');
    expect(formatShortNumber(999)).toBe('999');
    expect(formatShortNumber(12.5)).toBe('12.5');
  });

  it('shows thousands as K+', () => {
    expect(formatShortNumber(1000)).toBe('1K+');
    expect(formatShortNumber(1999)).toBe('1K+');
    expect(formatShortNumber(12_000)).toBe('12K+');
    expect(formatShortNumber(999_999)).toBe('999K+');
  });

  it('shows millions as M+', () => {
    expect(formatShortNumber(1_000_000)).toBe('1M+');
    expect(formatShortNumber(2_500_000n)).toBe('2M+');
  });

  it('keeps the sign of negative numbers', () => {
    expect(formatShortNumber(-1500)).toBe('-1K+');
  });
});

describe('formatBalance', () => {
  it('shows points as Pts with dot thousands', () => {
    expect(formatBalance(1250, 'POINT')).toBe('1.250 Pts');
    expect(formatBalance(1_250_000n, 'POINT')).toBe('1.250.000 Pts');
  });

  it('shows stamps, singular for one', () => {
    expect(formatBalance(3, 'STAMP')).toBe('3 Stamps');
    expect(formatBalance(1, 'STAMP')).toBe('1 Stamp');
    expect(formatBalance(0, 'STAMP')).toBe('0 Stamps');
  });

  it("uses the merchant's thousands separator when given", () => {
    expect(formatBalance(1250, 'POINT', ',')).toBe('1,250 Pts');
  });
});

describe('formatCardNumber', () => {
  it('groups card numbers by 4 digits', () => {
    expect(formatCardNumber('1234567812345678')).toBe('1234 5678 1234 5678');
  });

  it('regroups a number typed with its own spacing', () => {
    expect(formatCardNumber('12 345678 1234 5678')).toBe('1234 5678 1234 5678');
  });

  it('groups a partly typed number without a trailing space', () => {
    expect(formatCardNumber('123456')).toBe('1234 56');
    expect(formatCardNumber('1234')).toBe('1234');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('formatCountdown', () => {
  it('shows hours, minutes and seconds with two digits each', () => {
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(59_000)).toBe('00:00:59');
  });

  it('rounds a partial second up so zero shows only when time is up', () => {
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(1500)).toBe('00:00:02');
  });

  it('shows 00:00:00 at or after zero', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00:00');
  });

  it('lets hours grow past a day', () => {
    expect(formatCountdown(100 * 3_600_000)).toBe('100:00:00');
  });
});
