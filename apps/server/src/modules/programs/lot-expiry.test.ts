import { describe, expect, it } from 'vitest';
import { lotExpiresAt } from './lot-expiry.ts';

const now = new Date('2025-06-15T10:00:00Z');

describe('lotExpiresAt', () => {
  it('never expires under the none policy', () => {
    expect(lotExpiresAt({ expiryPolicy: 'none', expiryDays: null }, now, 'Asia/Jakarta')).toBeNull();
  });

  it('expires a fixed number of days after the credit', () => {
    expect(lotExpiresAt({ expiryPolicy: 'rolling-days', expiryDays: 30 }, now, 'Asia/Jakarta')).toEqual(new Date('2025-07-15T10:00:00Z'));
  });

  it("expires at the merchant's new-year midnight", () => {
    // Midnight 1 January in Jakarta (UTC+7) is 17:00 UTC on 31 December.
    expect(lotExpiresAt({ expiryPolicy: 'end-of-year', expiryDays: null }, now, 'Asia/Jakarta')).toEqual(new Date('2025-12-31T17:00:00Z'));
    expect(lotExpiresAt({ expiryPolicy: 'end-of-year', expiryDays: null }, now, 'America/New_York')).toEqual(new Date('2026-01-01T05:00:00Z'));
  });

  it("counts the year in the merchant's zone on New Year's Eve", () => {
    // 18:00 UTC on 31 December is already 1 January in Jakarta.
    const lateEve = new Date('2025-12-31T18:00:00Z');
    expect(lotExpiresAt({ expiryPolicy: 'end-of-year', expiryDays: null }, lateEve, 'Asia/Jakarta')).toEqual(new Date('2026-12-31T17:00:00Z'));
  });
});
