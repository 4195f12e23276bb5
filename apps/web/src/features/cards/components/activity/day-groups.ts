import type { Transaction } from '@kartu/contracts';
import { addDaysToIsoDate, isoDateIn } from '@kartu/core/calendar';

export type DayGroup = {
  /** The calendar day in the member's time zone, 'YYYY-MM-DD'. */
  day: string;
  transactions: Transaction[];
};

/** The newest-first list cut into days, keeping the order the server gave. */
export function groupByDay(transactions: readonly Transaction[], timeZone: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const transaction of transactions) {
    const day = isoDateIn(transaction.occurredAt, timeZone);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.transactions.push(transaction);
    else groups.push({ day, transactions: [transaction] });
  }
  return groups;
}

export type DayName = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** 'today', 'yesterday', or the full date in the member's language, e.g. 'Saturday, 1 March 2025'. */
export function nameDay(day: string, options: { locale: string; timeZone: string; now?: Date }): DayName {
  const today = isoDateIn(options.now ?? new Date(), options.timeZone);
  if (day === today) return { kind: 'today' };
  if (day === addDaysToIsoDate(today, -1)) return { kind: 'yesterday' };
  // Noon UTC of that day reads as the same calendar day in UTC, whatever the member's zone.
  const text = new Intl.DateTimeFormat(options.locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
  return { kind: 'date', text };
}
