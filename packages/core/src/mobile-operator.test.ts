import { describe, expect, it } from 'vitest';
import { mobileOperatorOf, nationalMobileNumber } from './mobile-operator.ts';

describe('mobile operators', () => {
  it('names the operator by the prefix, whichever way the number is written', () => {
    expect(mobileOperatorOf('0812-3456-7890')).toBe('telkomsel');
    expect(mobileOperatorOf('+62 857 1234 5678')).toBe('indosat');
    expect(mobileOperatorOf('6287812345678')).toBe('xl');
    expect(mobileOperatorOf('083812345678')).toBe('axis');
    expect(mobileOperatorOf('089612345678')).toBe('tri');
    expect(mobileOperatorOf('088112345678')).toBe('smartfren');
  });

  it('answers null for a number that is no Indonesian mobile number or of no operator', () => {
    expect(mobileOperatorOf('0211234567')).toBeNull();
    expect(mobileOperatorOf('0800123456')).toBeNull();
    expect(mobileOperatorOf('081')).toBeNull();
    expect(nationalMobileNumber('+60 12-345 6789')).toBeNull();
    expect(nationalMobileNumber('+62 812-3456-7890')).toBe('081234567890');
  });
});
