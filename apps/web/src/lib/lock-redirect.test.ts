import { describe, it, expect } from 'vitest';
import { ApiError } from './api-client.ts';
import { lockPagePath, lockRedirectPath, unlockAt, unlockAtOf } from './lock-redirect.ts';

const now = Date.parse('2025-03-01T10:00:00.000Z');

function lockAnswer(lock: { lockedUntil?: string; currentTime?: string }): ApiError {
  return new ApiError({ status: 429, code: 'PIN_LOCKED', message: '', ...lock });
}

describe('unlockAt', () => {
  it("adds the server's time left to this browser's now", () => {
    expect(unlockAt('2025-03-01T11:00:00.000Z', '2025-03-01T09:55:00.000Z', now)).toBe(Date.parse('2025-03-01T11:05:00.000Z'));
  });

  it('never counts a lock as ended before now when the server is ahead', () => {
    expect(unlockAt('2025-03-01T11:00:00.000Z', '2025-03-01T11:30:00.000Z', now)).toBe(now);
  });

  it("takes lockedUntil as it is without the server's time", () => {
    expect(unlockAt('2025-03-01T11:00:00.000Z', undefined, now)).toBe(Date.parse('2025-03-01T11:00:00.000Z'));
    expect(unlockAt('2025-03-01T11:00:00.000Z', 'not a time', now)).toBe(Date.parse('2025-03-01T11:00:00.000Z'));
  });

  it('knows no unlock time without a readable lockedUntil', () => {
    expect(unlockAt(null, '2025-03-01T10:00:00.000Z', now)).toBeNull();
    expect(unlockAt(undefined, undefined, now)).toBeNull();
    expect(unlockAt('soon', '2025-03-01T10:00:00.000Z', now)).toBeNull();
  });
});

describe('unlockAtOf', () => {
  it('counts the PIN lock down from the server’s clock, not the device’s', () => {
    const deviceNow = Date.parse('2025-03-01T10:05:00.000Z');
    const error = lockAnswer({ lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' });
    expect(unlockAtOf(error, deviceNow)).toBe(Date.parse('2025-03-01T11:05:00.000Z'));
    expect(unlockAtOf(lockAnswer({}), deviceNow)).toBeNull();
  });
});

describe('lockPagePath', () => {
  it('carries the unlock time in the until query when known', () => {
    expect(lockPagePath('/device-locked', unlockAt('2025-03-01T11:00:00.000Z', '2025-03-01T10:00:00.000Z', now))).toBe(
      '/device-locked?until=2025-03-01T11%3A00%3A00.000Z',
    );
  });

  it("counts the hour left from the server's clock when this device's clock is off", () => {
    expect(lockPagePath('/device-locked', unlockAt('2025-03-01T11:00:00.000Z', '2025-03-01T09:55:00.000Z', now))).toBe(
      '/device-locked?until=2025-03-01T11%3A05%3A00.000Z',
    );
    expect(lockPagePath('/device-locked', Date.parse('2025-03-01T11:05:00.000Z'))).toBe('/device-locked?until=2025-03-01T11%3A05%3A00.000Z');
  });

  it('leaves the query out when the unlock time is unknown', () => {
    expect(lockPagePath('/device-locked', unlockAt(null, null, now))).toBe('/device-locked');
    expect(lockPagePath('/device-locked', null)).toBe('/device-locked');
  });
});

describe('lockRedirectPath', () => {
  it('sends a lock answer to the given lock page with the corrected unlock time', () => {
    const error = new ApiError({ status: 423, code: 'LOGIN_LOCKED', message: '', lockedUntil: '2025-03-01T10:30:00.000Z', currentTime: '2025-03-01T10:10:00.000Z' });
    expect(lockRedirectPath('/lock', error, now)).toBe('/lock?until=2025-03-01T10%3A20%3A00.000Z');
    expect(lockRedirectPath('/device-locked', lockAnswer({}), now)).toBe('/device-locked');
  });
});
