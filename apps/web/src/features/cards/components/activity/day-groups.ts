import type { Transaction } from '@kartu/contracts';

export type DayGroup = {
  /** The calendar day in the member's time zone, 'YYYY-MM-DD'. */
  day: string;
  transactions: Transaction[];
};

/** 'YYYY-MM-DD' of an instant in a time zone ('en-CA' writes dates in ISO order). */
export function calendarDayOf(instant: Date | string, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The newest-first list cut into days, keeping the order the server gave. */
export function groupByDay(transactions: readonly Transaction[], timeZone: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const transaction of transactions) {
    const day = calendarDayOf(transaction.occurredAt, timeZone);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.transactions.push(transaction);
    else groups.push({ day, transactions: [transaction] });
  }
  return groups;
}

function previousDay(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() - 1);
  return noon.toISOString().slice(0, 10);
}

export type DayName = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** 'today', 'yesterday', or the full date in the member's language, e.g. 'Saturday, 1 March 2025'. */
export function nameDay(day: string, options: { locale: string; timeZone: string; now?: Date }): DayName {
  const today = calendarDayOf(options.now ?? new Date(), options.timeZone);
  if (day === today) return { kind: 'today' };
  if (day === previousDay(today)) return { kind: 'yesterday' };
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
