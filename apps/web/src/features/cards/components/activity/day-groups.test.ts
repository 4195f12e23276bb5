import { describe, it, expect } from 'vitest';
import { isoDateIn } from '@kartu/core/calendar';
import { groupByDay, nameDay } from './day-groups.ts';
import { transactionFixture } from '../../../../features/cards/cards.test-support.ts';

describe('day groups', () => {
  it('reads the calendar day in the member’s time zone, not in UTC', () => {
    expect(isoDateIn('2025-03-01T18:00:00.000Z', 'Asia/Jakarta')).toBe('2025-03-02');
    expect(isoDateIn('2025-03-01T18:00:00.000Z', 'America/New_York')).toBe('2025-03-01');
  });

  it('groups consecutive movements of the same day and keeps the server’s order', () => {
    const groups = groupByDay(
      [
        transactionFixture({ id: 'a', occurredAt: '2025-03-02T10:00:00.000Z' }),
        transactionFixture({ id: 'b', occurredAt: '2025-03-02T01:00:00.000Z' }),
        transactionFixture({ id: 'c', occurredAt: '2025-03-01T20:00:00.000Z' }),
      ],
      'Asia/Jakarta',
    );
    expect(groups.map((group) => [group.day, group.transactions.map((item) => item.id)])).toEqual([
      ['2025-03-02', ['a', 'b', 'c']],
    ]);
    expect(groupByDay([transactionFixture({ id: 'c', occurredAt: '2025-03-01T20:00:00.000Z' })], 'UTC')[0]?.day).toBe('2025-03-01');
  });

  it('names today and yesterday, and writes other days in full in the member’s language', () => {
    const now = new Date('2025-03-02T05:00:00.000Z');
    const options = { timeZone: 'Asia/Jakarta', now };
    expect(nameDay('2025-03-02', { ...options, locale: 'en' })).toEqual({ kind: 'today' });
    expect(nameDay('2025-03-01', { ...options, locale: 'en' })).toEqual({ kind: 'yesterday' });
    expect(nameDay('2025-02-26', { ...options, locale: 'en' })).toEqual({ kind: 'date', text: 'Wednesday, February 26, 2025' });
    expect(nameDay('2025-02-26', { ...options, locale: 'id' })).toEqual({ kind: 'date', text: 'Rabu, 26 Februari 2025' });
    expect(nameDay('2025-02-26', { ...options, locale: 'ja' })).toEqual({ kind: 'date', text: '2025年2月26日水曜日' });
  });

  it('counts yesterday across a month end', () => {
    const now = new Date('2025-03-01T03:00:00.000Z');
    expect(nameDay('2025-02-28', { locale: 'en', timeZone: 'UTC', now })).toEqual({ kind: 'yesterday' });
  });
});
