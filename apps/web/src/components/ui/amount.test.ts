import { describe, it, expect } from 'vitest';
import { formatCardBalance } from './card-balance.ts';

const rupiah = { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' };
const ringgit = { code: 'MYR', symbol: 'RM', decimalDigits: 2, thousandSeparator: ',', decimalSeparator: '.' };

describe('formatCardBalance', () => {
  it('shows points as Pts with the merchant thousands separator', () => {
    expect(formatCardBalance({ amount: 1250, unit: 'POINT' }, rupiah)).toBe('1.250 Pts');
    expect(formatCardBalance({ amount: 1250, unit: 'POINT' }, ringgit)).toBe('1,250 Pts');
  });

  it('shows stamps as Stamps, and one stamp as Stamp', () => {
    expect(formatCardBalance({ amount: 6, unit: 'STAMP' }, rupiah)).toBe('6 Stamps');
    expect(formatCardBalance({ amount: 1, unit: 'STAMP' }, rupiah)).toBe('1 Stamp');
  });

  it('shows cash in the currency, from minor units', () => {
    expect(formatCardBalance({ amount: 25000, unit: 'CASH' }, rupiah)).toBe('Rp 25.000');
    expect(formatCardBalance({ amount: 123450, unit: 'CASH' }, ringgit)).toBe('RM 1,234.50');
  });
});
