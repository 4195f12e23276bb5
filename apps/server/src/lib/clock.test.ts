import { describe, expect, it } from 'vitest';
import { createTestClock, systemClock } from './clock.ts';

describe('clocks', () => {
  it('moves the test clock only when told', () => {
    const clock = createTestClock(new Date('2026-01-01T00:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:30.000Z');
    clock.set(new Date('2027-05-05T05:05:05.000Z'));
    expect(clock.now().toISOString()).toBe('2027-05-05T05:05:05.000Z');
  });

  it('reads the real time from the system clock', () => {
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
