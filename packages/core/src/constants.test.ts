import { describe, it, expect } from 'vitest';
import {
  ADD_CARD_LOCK_HOURS,
  AGE_GATE_MERCHANT_IDS,
  DEFAULT_CURRENCY,
  IMAGE_MAX_BYTES,
  LOGIN_LOCK_HOURS,
  LOGIN_LOCK_HOURS_LONG_READING,
  OTP_LOCK_MINUTES,
  OTP_REQUESTS_START,
  PIN_LOCK_AT_ATTEMPT,
  PIN_LOCK_MINUTES,
  SUPPORTED_LANGUAGES,
  FALLBACK_LANGUAGE,
} from './constants.ts';

// These values are requirements; a change here must be a deliberate change of the spec.
describe('spec constants', () => {
  it('locks the PIN for 60 minutes on the third wrong attempt', () => {
    expect(PIN_LOCK_AT_ATTEMPT).toBe(3);
    expect(PIN_LOCK_MINUTES).toBe(60);
  });

  it('allows 3 OTP requests, then locks for 3 minutes', () => {
    expect(OTP_REQUESTS_START).toBe(3);
    expect(OTP_LOCK_MINUTES).toBe(3);
  });

  it('keeps both readings of the login lock and the 24-hour add-card lock', () => {
    expect(LOGIN_LOCK_HOURS).toBe(1);
    expect(LOGIN_LOCK_HOURS_LONG_READING).toBe(24);
    expect(ADD_CARD_LOCK_HOURS).toBe(24);
  });

  it('gates the three listed merchants by age', () => {
    expect(AGE_GATE_MERCHANT_IDS).toEqual([1161, 6687, 8359]);
  });

  it('defaults to rupiah without decimals, dot thousands and comma decimals', () => {
    expect(DEFAULT_CURRENCY).toEqual({ code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' });
  });

  it('accepts images up to 10 MB', () => {
    expect(IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
  });

  it('falls back to English among the supported languages', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'id', 'my', 'ja']);
    expect(SUPPORTED_LANGUAGES).toContain(FALLBACK_LANGUAGE);
  });
});
