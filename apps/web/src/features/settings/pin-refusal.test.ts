import { describe, it, expect } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { readPinRefusal } from './pin-refusal.ts';

function apiError(status: number, code: string, extra: Record<string, unknown> = {}): ApiError {
  return Object.assign(new ApiError({ status, code, message: code }), extra);
}

describe('readPinRefusal', () => {
  it('reads a 400 PIN_INVALID as a wrong PIN, with the attempts left when given', () => {
    expect(readPinRefusal(apiError(400, 'PIN_INVALID', { attemptsRemaining: 2 }))).toEqual({ kind: 'wrong-pin', attemptsRemaining: 2 });
    expect(readPinRefusal(apiError(400, 'PIN_INVALID'))).toEqual({ kind: 'wrong-pin', attemptsRemaining: null });
  });

  it('reads a 429 as a lock, with the unlock time when given', () => {
    const lock = { lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' };
    expect(readPinRefusal(apiError(429, 'PIN_LOCKED', lock))).toEqual({ kind: 'locked', ...lock });
    expect(readPinRefusal(apiError(429, 'PIN_LOCKED'))).toEqual({ kind: 'locked', lockedUntil: null, currentTime: null });
  });

  it('leaves every other failure to the general error message', () => {
    expect(readPinRefusal(apiError(400, 'VALIDATION_FAILED'))).toEqual({ kind: 'other' });
    expect(readPinRefusal(apiError(500, 'INTERNAL'))).toEqual({ kind: 'other' });
    expect(readPinRefusal(new Error('boom'))).toEqual({ kind: 'other' });
  });
});
