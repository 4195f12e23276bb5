import { describe, it, expect } from 'vitest';
import {
  clampQuantity,
  filterLetterKey,
  filterNumericKey,
  filterPhoneKey,
  isCalendarDate,
  isFilled,
  isInternationalName,
  isLettersText,
  isNumericText,
  isQuantityDisabled,
  isValidCardNumber,
  cardNumberDigits,
  isValidEmail,
} from './validation.ts';

describe('isValidEmail', () => {
  it('accepts word characters with dots and hyphens and a multi-part domain', () => {
    expect(isValidEmail('a.b-c@mail.co.id')).toBe(true);
    expect(isValidEmail('budi_santoso@example.com')).toBe(true);
  });

  it('rejects an ending longer than 3 letters', () => {
    expect(isValidEmail('a@b.comm')).toBe(false);
  });

  it('rejects an ending shorter than 2 letters or made of digits', () => {
    expect(isValidEmail('a@b.c')).toBe(false);
    expect(isValidEmail('a@b.12')).toBe(false);
  });

  it('rejects an address without an @', () => {
    expect(isValidEmail('no-at.com')).toBe(false);
  });

  it('rejects an address without a domain or with spaces inside', () => {
    expect(isValidEmail('a@.com')).toBe(false);
    expect(isValidEmail('a b@mail.com')).toBe(false);
    expect(isValidEmail('a@@mail.com')).toBe(false);
  });

  it('ignores spaces around the address', () => {
    expect(isValidEmail(' a@mail.com ')).toBe(true);
  });
});

describe('isFilled', () => {
  it('is false for empty, blank or missing values', () => {
    expect(isFilled('')).toBe(false);
    expect(isFilled('   ')).toBe(false);
    expect(isFilled(null)).toBe(false);
    expect(isFilled(undefined)).toBe(false);
  });

  it('is true once something is typed', () => {
    expect(isFilled(' a ')).toBe(true);
  });
});

describe('isNumericText', () => {
  it('accepts digits only', () => {
    expect(isNumericText('0123')).toBe(true);
    expect(isNumericText('12a')).toBe(false);
    expect(isNumericText('1.5')).toBe(false);
    expect(isNumericText('-1')).toBe(false);
    expect(isNumericText('')).toBe(false);
  });
});

describe('isLettersText', () => {
  it('accepts letters of any script and spaces', () => {
    expect(isLettersText('Budi Santoso')).toBe(true);
    expect(isLettersText('José Müller')).toBe(true);
    expect(isLettersText('さくら')).toBe(true);
    expect(isLettersText('สมชาย')).toBe(true);
  });

  it('rejects digits and punctuation', () => {
    expect(isLettersText('Budi2')).toBe(false);
    expect(isLettersText('Budi!')).toBe(false);
    expect(isLettersText('')).toBe(false);
  });
});

describe('isCalendarDate', () => {
  it('accepts a day that exists, written YYYY-MM-DD', () => {
    expect(isCalendarDate('1994-08-17')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('1900-01-01')).toBe(true);
  });

  it('rejects a day the calendar does not have', () => {
    expect(isCalendarDate('1999-02-31')).toBe(false);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('1994-13-01')).toBe(false);
    expect(isCalendarDate('1994-08-00')).toBe(false);
  });

  it('rejects other ways of writing a date, and years before 1900', () => {
    expect(isCalendarDate('17-08-1994')).toBe(false);
    expect(isCalendarDate('1994-8-17')).toBe(false);
    expect(isCalendarDate('1994-08-17T00:00:00Z')).toBe(false);
    expect(isCalendarDate('1899-12-31')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
});

describe('isInternationalName', () => {
  it('allows letters, spaces, apostrophes, hyphens and dots', () => {
    expect(isInternationalName("O'Brien")).toBe(true);
    expect(isInternationalName('O’Brien')).toBe(true);
    expect(isInternationalName('Jean-Luc Picard')).toBe(true);
    expect(isInternationalName('R. A. Kartini')).toBe(true);
    expect(isInternationalName('Nguyễn Văn An')).toBe(true);
  });

  it('rejects digits and special characters', () => {
    expect(isInternationalName('Budi 2')).toBe(false);
    expect(isInternationalName('Budi@home')).toBe(false);
    expect(isInternationalName('Budi_S')).toBe(false);
  });

  it('rejects punctuation without any letter', () => {
    expect(isInternationalName(".-'")).toBe(false);
    expect(isInternationalName('   ')).toBe(false);
  });
});

describe('keypress filters', () => {
  it('lets only digits into numeric fields', () => {
    expect(filterNumericKey('7')).toBe(true);
    expect(filterNumericKey('a')).toBe(false);
    expect(filterNumericKey('+')).toBe(false);
    expect(filterNumericKey(' ')).toBe(false);
  });

  it('lets digits, + and = into phone fields', () => {
    expect(filterPhoneKey('0')).toBe(true);
    expect(filterPhoneKey('+')).toBe(true);
    expect(filterPhoneKey('=')).toBe(true);
    expect(filterPhoneKey('-')).toBe(false);
    expect(filterPhoneKey('a')).toBe(false);
  });

  it('lets letters and space into letter fields', () => {
    expect(filterLetterKey('a')).toBe(true);
    expect(filterLetterKey('É')).toBe(true);
    expect(filterLetterKey(' ')).toBe(true);
    expect(filterLetterKey('1')).toBe(false);
    expect(filterLetterKey('!')).toBe(false);
  });

  it('never blocks editing keys', () => {
    for (const key of ['Backspace', 'Delete', 'Enter', 'Tab', 'ArrowLeft']) {
      expect(filterNumericKey(key)).toBe(true);
      expect(filterPhoneKey(key)).toBe(true);
      expect(filterLetterKey(key)).toBe(true);
    }
  });
});

describe('clampQuantity', () => {
  it('turns non-numeric or empty input into 1', () => {
    expect(clampQuantity('', { max: 5 })).toBe(1);
    expect(clampQuantity('abc', { max: 5 })).toBe(1);
    expect(clampQuantity(null, { max: 5 })).toBe(1);
    expect(clampQuantity(Number.NaN, { max: 5 })).toBe(1);
  });

  it('keeps a typed quantity within the limits', () => {
    expect(clampQuantity('3', { max: 5 })).toBe(3);
    expect(clampQuantity(4, { max: 5 })).toBe(4);
  });

  it('never goes below 1', () => {
    expect(clampQuantity('0', { max: 5 })).toBe(1);
    expect(clampQuantity(-2, { max: 5 })).toBe(1);
  });

  it('caps at the maximum', () => {
    expect(clampQuantity('12', { max: 5 })).toBe(5);
  });

  it('does not cap when the owner is tada', () => {
    expect(clampQuantity('12', { max: 5, ownerIsTada: true })).toBe(12);
  });

  it('stays at 1 when the maximum is 0', () => {
    expect(clampQuantity('3', { max: 0 })).toBe(1);
  });
});

describe('isQuantityDisabled', () => {
  it('disables the field when the maximum is 0, unless the owner is tada', () => {
    expect(isQuantityDisabled({ max: 0 })).toBe(true);
    expect(isQuantityDisabled({ max: 0, ownerIsTada: true })).toBe(false);
    expect(isQuantityDisabled({ max: 1 })).toBe(false);
  });
});

describe('isValidCardNumber', () => {
  it('accepts exactly 16 digits', () => {
    expect(isValidCardNumber('1234567812345678')).toBe(true);
  });

  it('accepts the grouped display form', () => {
    expect(isValidCardNumber('1234 5678 1234 5678')).toBe(true);
  });

  it('rejects 15 or 17 digits and non-digits', () => {
    expect(isValidCardNumber('123456781234567')).toBe(false);
    expect(isValidCardNumber('12345678123456789')).toBe(false);
    expect(isValidCardNumber('123456781234567a')).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
  });

  it('reads the digits of a typed number, or nothing when it is not one', () => {
    expect(cardNumberDigits(' 1234 5678 1234 5678 ')).toBe('1234567812345678');
    expect(cardNumberDigits('1234-5678-1234-5678')).toBeNull();
  });
});
