import { describe, expect, it } from 'vitest';
import { generateCardId, generateCardNumber, hasValidCheckDigit, luhnCheckDigit } from './card-number.ts';
import { activationCodeMatches, hashActivationCode } from './activation-code.ts';

describe('card numbers', () => {
  it('computes the Luhn check digit of known numbers', () => {
    // The classic worked example: 7992739871 has check digit 3.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(hasValidCheckDigit('4111111111111111')).toBe(true);
    expect(hasValidCheckDigit('4111111111111112')).toBe(false);
  });

  it('generates 16 digits with a valid check digit and no leading zero', () => {
    for (let run = 0; run < 500; run += 1) {
      const number = generateCardNumber();
      expect(number).toMatch(/^[1-9]\d{15}$/);
      expect(hasValidCheckDigit(number)).toBe(true);
    }
  });

  it('catches a single mistyped digit', () => {
    const number = generateCardNumber();
    const wrongDigit = (Number(number[5]) + 1) % 10;
    expect(hasValidCheckDigit(number.slice(0, 5) + String(wrongDigit) + number.slice(6))).toBe(false);
  });

  it('does not repeat numbers or ids', () => {
    const numbers = new Set(Array.from({ length: 2_000 }, generateCardNumber));
    const ids = new Set(Array.from({ length: 2_000 }, generateCardId));
    expect(numbers.size).toBe(2_000);
    expect(ids.size).toBe(2_000);
  });

  it('generates 24-character lowercase alphanumeric card ids', () => {
    expect(generateCardId()).toMatch(/^[0-9a-z]{24}$/);
  });
});

describe('activation codes', () => {
  it('matches the same code typed in another case and nothing else', () => {
    const hash = hashActivationCode('AB12CD', 'server-secret');
    expect(hash).not.toContain('AB12CD');
    expect(activationCodeMatches('ab12cd', hash, 'server-secret')).toBe(true);
    expect(activationCodeMatches('AB12CE', hash, 'server-secret')).toBe(false);
    expect(activationCodeMatches('AB12CD', hash, 'another-secret')).toBe(false);
  });
});
