import { describe, it, expect } from 'vitest';
import { formatAmount, formatSignedAmount } from './amount.tsx';

const rupiah = { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' };
const ringgit = { code: 'MYR', symbol: 'RM', decimalDigits: 2, thousandSeparator: ',', decimalSeparator: '.' };

describe('formatAmount', () => {
  it('shows points as Pts with the merchant thousands separator', () => {
    expect(formatAmount(1250, 'POINT', rupiah)).toBe('1.250 Pts');
    expect(formatAmount(1250, 'POINT', ringgit)).toBe('1,250 Pts');
  });

  it('shows stamps as Stamps, and one stamp as Stamp', () => {
    expect(formatAmount(6, 'STAMP', rupiah)).toBe('6 Stamps');
    expect(formatAmount(1, 'STAMP', rupiah)).toBe('1 Stamp');
  });

  it('shows cash in the currency, from minor units', () => {
    expect(formatAmount(25000, 'CASH', rupiah)).toBe('Rp 25.000');
    expect(formatAmount(123450, 'CASH', ringgit)).toBe('RM 1,234.50');
  });
});

describe('formatSignedAmount', () => {
  it('puts a plus before an amount in and a true minus sign before an amount out', () => {
    expect(formatSignedAmount(1250, 'POINT', rupiah)).toBe('+1.250 Pts');
    expect(formatSignedAmount(-300, 'POINT', rupiah)).toBe('\u2212300 Pts');
    expect(formatSignedAmount(-123450, 'CASH', ringgit)).toBe('\u2212RM 1,234.50');
    expect(formatSignedAmount(0, 'STAMP', rupiah)).toBe('0 Stamps');
  });
});
