import { afterEach, describe, it, expect, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client.ts';
import { paths } from '../../../../config/paths.ts';
import { lockPagePath } from '../../../../lib/lock-redirect.ts';
import { amountProblem } from './transfer-amount-step.tsx';
import { newIdempotencyKey, readTransferRefusal } from './transfer-refusal.ts';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('transfer refusals', () => {
  it('tells a lost answer apart from a refusal, so only the former is resent', () => {
    expect(readTransferRefusal(new ApiError({ status: 0, code: 'NETWORK_UNREACHABLE', message: '' }))).toEqual({ kind: 'unreachable' });
    expect(readTransferRefusal(new ApiError({ status: 400, code: 'PIN_INVALID', message: '', attemptsRemaining: 1 }))).toEqual({
      kind: 'wrong-pin',
      attemptsRemaining: 1,
    });
    expect(readTransferRefusal(new ApiError({ status: 422, code: 'INSUFFICIENT_BALANCE', message: '' }))).toEqual({ kind: 'insufficient-balance' });
    expect(readTransferRefusal(new ApiError({ status: 500, code: 'INTERNAL', message: '' }))).toEqual({ kind: 'other' });
  });

  it('counts the PIN lock down from the server’s clock, not the device’s', () => {
    const deviceNow = Date.parse('2025-03-01T10:05:00.000Z');
    const refusal = readTransferRefusal(
      new ApiError({ status: 429, code: 'PIN_LOCKED', message: '', lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' }),
      deviceNow,
    );
    expect(refusal).toEqual({ kind: 'locked', unlockAt: Date.parse('2025-03-01T11:05:00.000Z') });
    expect(lockPagePath(paths.deviceLocked, refusal.kind === 'locked' ? refusal.unlockAt : null)).toBe(
      '/device-locked?until=2025-03-01T11%3A05%3A00.000Z',
    );
  });

  it('makes a new random key each time, also where randomUUID is missing (plain http)', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(uuidV4);
    expect(newIdempotencyKey()).not.toBe(first);
    const realCrypto = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => realCrypto.getRandomValues(bytes) });
    const fallback = newIdempotencyKey();
    expect(fallback).toMatch(uuidV4);
    expect(newIdempotencyKey()).not.toBe(fallback);
  });

  it('accepts whole amounts from 1 up to the balance', () => {
    expect(amountProblem('', 500)).toBe('amountRequired');
    expect(amountProblem('0', 500)).toBe('amountMinimum');
    expect(amountProblem('1', 500)).toBeNull();
    expect(amountProblem('500', 500)).toBeNull();
    expect(amountProblem('501', 500)).toBe('insufficientBalance');
  });
});
