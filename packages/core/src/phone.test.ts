import { describe, it, expect } from 'vitest';
import { dialCodeOf, isValidPhone, normalizePhone, phoneRegionOf, toInternational, PHONE_ERROR_MESSAGE, PHONE_ERROR_MESSAGE_KEY } from './phone.ts';

describe('normalizePhone', () => {
  it('turns a leading +62 into 0', () => {
    expect(normalizePhone('+6281234567890')).toBe('081234567890');
  });

  it('turns a leading 62 into 0', () => {
    expect(normalizePhone('6281234567890')).toBe('081234567890');
  });

  it('adds a leading 0 to a number without one', () => {
    expect(normalizePhone('81234567890')).toBe('081234567890');
  });

  it('keeps a number that already starts with 0', () => {
    expect(normalizePhone('081234567890')).toBe('081234567890');
  });

  it('strips spaces and dashes', () => {
    expect(normalizePhone(' +62 812-3456-7890 ')).toBe('081234567890');
  });

  it('uses the given dialing code', () => {
    expect(normalizePhone('+60123456789', '60')).toBe('0123456789');
  });

  it("leaves another country's international number as typed", () => {
    expect(normalizePhone('+60123456789')).toBe('+60123456789');
  });

  it('leaves an empty input empty', () => {
    expect(normalizePhone('  ')).toBe('');
  });
});

describe('toInternational', () => {
  it('turns a leading 0 into +62', () => {
    expect(toInternational('081234567890')).toBe('+6281234567890');
  });

  it('turns a leading 0 into the given dialing code', () => {
    expect(toInternational('0123456789', '60')).toBe('+60123456789');
  });

  it('accepts any form the national normalising accepts', () => {
    expect(toInternational('81234567890')).toBe('+6281234567890');
    expect(toInternational('6281234567890')).toBe('+6281234567890');
    expect(toInternational('+6281234567890')).toBe('+6281234567890');
  });
});

describe('isValidPhone', () => {
  it('accepts Indonesian mobile numbers with or without the leading 0', () => {
    expect(isValidPhone('081234567890')).toBe(true);
    expect(isValidPhone('81234567890')).toBe(true);
    expect(isValidPhone('0812-3456-789')).toBe(true);
  });

  it('accepts an Indonesian number already written with +62', () => {
    expect(isValidPhone('+6281234567890')).toBe(true);
  });

  it('rejects an Indonesian number that is too short', () => {
    expect(isValidPhone('0812345')).toBe(false);
  });

  it('rejects an Indonesian number that is possible but not valid', () => {
    // Long enough to be possible, yet no Indonesian mobile range has 17 digits.
    expect(isValidPhone('0812345678901234')).toBe(false);
  });

  it('rejects letters, empty input and a bare code', () => {
    expect(isValidPhone('08123abc890')).toBe(false);
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone('0')).toBe(false);
  });

  it('accepts a Malaysian number that is only possible, since other regions need possible or valid', () => {
    expect(isValidPhone('012345678', { dialCode: '60', region: 'MY' })).toBe(true);
  });

  it('applies the strict rule to the same number in Indonesia', () => {
    expect(isValidPhone('0812345678901234', { dialCode: '62', region: 'MY' })).toBe(true);
    expect(isValidPhone('0812345678901234', { dialCode: '62', region: 'ID' })).toBe(false);
  });

  it('rejects a Malaysian number that is neither possible nor valid', () => {
    expect(isValidPhone('01234', { dialCode: '60', region: 'MY' })).toBe(false);
  });

  it('also requires the per-country pattern to match', () => {
    const mobileOnly = /^8\d{8,11}$/;
    expect(isValidPhone('081234567890', { pattern: mobileOnly })).toBe(true);
    expect(isValidPhone('0211234567', { pattern: mobileOnly })).toBe(false);
  });

  it('gives the same answer every time with a global pattern', () => {
    const mobileOnly = /^8\d+$/g;
    expect(isValidPhone('081234567890', { pattern: mobileOnly })).toBe(true);
    expect(isValidPhone('081234567890', { pattern: mobileOnly })).toBe(true);
  });
});

describe('phone error message', () => {
  it('names the translation key and the English text', () => {
    expect(PHONE_ERROR_MESSAGE_KEY).toBe('validation.phoneInvalid');
    expect(PHONE_ERROR_MESSAGE).toBe('Invalid phone number, please try again');
  });
});

describe('phoneRegionOf', () => {
  it('dials the merchant’s own country', () => {
    expect(phoneRegionOf('MY')).toEqual({ code: 'MY', dialCode: '60' });
    expect(phoneRegionOf('ph')).toEqual({ code: 'PH', dialCode: '63' });
  });

  it('starts on Indonesia for a country the phone metadata does not know', () => {
    expect(phoneRegionOf('ZZ')).toEqual({ code: 'ID', dialCode: '62' });
  });
});

describe('dialCodeOf', () => {
  it('reads the dialing code of a stored number', () => {
    expect(dialCodeOf('+6281211112222')).toBe('62');
    expect(dialCodeOf('+60123456789')).toBe('60');
    expect(dialCodeOf('+12025550123')).toBe('1');
  });

  it('is null for a number of no country', () => {
    expect(dialCodeOf('+999123')).toBeNull();
    expect(dialCodeOf('')).toBeNull();
  });
});
