import { describe, it, expect } from 'vitest';
import { paths } from '../config/paths.ts';
import { ApiError } from './api-client.ts';
import { lockPagePath, lockRedirectPath, parseLinkTime, unlockAt } from './lock-redirect.ts';

const now = Date.parse('2025-03-01T10:00:00.000Z');

function lockAnswer(lock: { lockedUntil?: string; currentTime?: string }): ApiError {
  return new ApiError({ status: 429, code: 'PIN_LOCKED', message: '', ...lock });
}

describe('unlockAt', () => {
  it("adds the server's time left to this browser's now", () => {
    expect(unlockAt({ lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T09:55:00.000Z' }, now)).toBe(Date.parse('2025-03-01T11:05:00.000Z'));
  });

  it('never counts a lock as ended before now when the server is ahead', () => {
    expect(unlockAt({ lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T11:30:00.000Z' }, now)).toBe(now);
  });

  it("takes lockedUntil as it is without the server's time", () => {
    expect(unlockAt({ lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: undefined }, now)).toBe(Date.parse('2025-03-01T11:00:00.000Z'));
    expect(unlockAt({ lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: 'not a time' }, now)).toBe(Date.parse('2025-03-01T11:00:00.000Z'));
  });

  it('knows no unlock time without a readable lockedUntil', () => {
    expect(unlockAt({ lockedUntil: null, currentTime: '2025-03-01T10:00:00.000Z' }, now)).toBeNull();
    expect(unlockAt({ lockedUntil: undefined, currentTime: undefined }, now)).toBeNull();
    expect(unlockAt({ lockedUntil: 'soon', currentTime: '2025-03-01T10:00:00.000Z' }, now)).toBeNull();
  });
});

describe('unlockAt of an error answer', () => {
  it('counts the PIN lock down from the server’s clock, not the device’s', () => {
    const deviceNow = Date.parse('2025-03-01T10:05:00.000Z');
    const error = lockAnswer({ lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' });
    expect(unlockAt(error, deviceNow)).toBe(Date.parse('2025-03-01T11:05:00.000Z'));
    expect(unlockAt(lockAnswer({}), deviceNow)).toBeNull();
  });
});

describe('lockPagePath', () => {
  it('carries the unlock time in the until query when known', () => {
    expect(lockPagePath(paths.deviceLocked, unlockAt({ lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' }, now))).toBe(
      '/device-locked?until=2025-03-01T11%3A00%3A00.000Z',
    );
  });

  it("counts the hour left from the server's clock when this device's clock is off", () => {
    expect(lockPagePath(paths.deviceLocked, unlockAt({ lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T09:55:00.000Z' }, now))).toBe(
      '/device-locked?until=2025-03-01T11%3A05%3A00.000Z',
    );
    expect(lockPagePath(paths.deviceLocked, Date.parse('2025-03-01T11:05:00.000Z'))).toBe('/device-locked?until=2025-03-01T11%3A05%3A00.000Z');
  });

  it('leaves the query out when the unlock time is unknown', () => {
    expect(lockPagePath(paths.deviceLocked, unlockAt({ lockedUntil: null, currentTime: null }, now))).toBe('/device-locked');
    expect(lockPagePath(paths.deviceLocked, null)).toBe('/device-locked');
  });
});

describe('lockRedirectPath', () => {
  it('sends a lock answer to the given lock page with the corrected unlock time', () => {
    const error = new ApiError({ status: 423, code: 'LOGIN_LOCKED', message: '', lockedUntil: '2025-03-01T10:30:00.000Z', currentTime: '2025-03-01T10:10:00.000Z' });
    expect(lockRedirectPath(paths.lock, error, now)).toBe('/lock?until=2025-03-01T10%3A20%3A00.000Z');
    expect(lockRedirectPath(paths.deviceLocked, lockAnswer({}), now)).toBe('/device-locked');
  });
});

describe('unlockAt of the add-card lock', () => {
  const addCardLock = (lock: { lockedUntil?: string; currentTime?: string }) => new ApiError({ status: 429, code: 'ADD_CARD_LOCKED', message: '', ...lock });

  it("counts the server's time left from this device's clock", () => {
    const error = addCardLock({ lockedUntil: '2025-03-02T10:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' });
    const deviceNow = Date.parse('2025-03-01T09:00:00.000Z');
    expect(unlockAt(error, deviceNow)).toBe(Date.parse('2025-03-02T09:00:00.000Z'));
  });

  it('has no end without a lockedUntil', () => {
    expect(unlockAt(addCardLock({}))).toBeNull();
  });
});

describe('parseLinkTime', () => {
  it('reads an ISO date or epoch milliseconds, and nothing else', () => {
    expect(parseLinkTime('2030-01-01T12:00:00.000Z')).toBe(Date.UTC(2030, 0, 1, 12));
    expect(parseLinkTime('1893499200000')).toBe(1893499200000);
    expect(parseLinkTime('soon')).toBeNull();
    expect(parseLinkTime('')).toBeNull();
    expect(parseLinkTime(null)).toBeNull();
  });
});
