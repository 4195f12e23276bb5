import { describe, it, expect } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { addCardFailureOf, cardNumberFromScan } from './add-card-errors.ts';

const apiError = (status: number, code: string, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, code, message: code, ...extra });

describe('addCardFailureOf', () => {
  it('reads the card messages and the tries left from the error code', () => {
    expect(addCardFailureOf(apiError(404, 'CARD_NOT_FOUND', { attemptsRemaining: 2 }))).toEqual({ kind: 'not-found', attemptsRemaining: 2 });
    expect(addCardFailureOf(apiError(400, 'ACTIVATION_CODE_INVALID', { attemptsRemaining: 0 }))).toEqual({ kind: 'wrong-code', attemptsRemaining: 0 });
    expect(addCardFailureOf(apiError(409, 'CARD_IN_WALLET'))).toEqual({ kind: 'in-wallet' });
    expect(addCardFailureOf(apiError(409, 'CARD_TAKEN'))).toEqual({ kind: 'taken' });
    expect(addCardFailureOf(apiError(500, 'INTERNAL')).kind).toBe('other');
  });

  it('turns the 24-hour lock into its end time', () => {
    const now = Date.parse('2025-03-01T10:00:00.000Z');
    const locked = apiError(429, 'ADD_CARD_LOCKED', { lockedUntil: '2025-03-02T10:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' });
    expect(addCardFailureOf(locked, now)).toEqual({ kind: 'locked', until: Date.parse('2025-03-02T10:00:00.000Z') });
  });
});

describe('cardNumberFromScan', () => {
  it('reads a bare card number or the last 16-digit run of a link', () => {
    expect(cardNumberFromScan('6012345678901234')).toBe('6012345678901234');
    expect(cardNumberFromScan('https://rewards.example/cards/add/6012345678901234')).toBe('6012345678901234');
  });

  it('refuses codes without a 16-digit number', () => {
    expect(cardNumberFromScan('hello')).toBeNull();
    expect(cardNumberFromScan('601234567890123')).toBeNull();
    expect(cardNumberFromScan('60123456789012345')).toBeNull();
  });
});
