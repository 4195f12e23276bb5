/* Zones are IANA names such as 'Asia/Jakarta'. */

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
/** For durations (lock times, expiry periods), not for calendar arithmetic across zones. */
export const DAY_MS = 24 * HOUR_MS;

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

// Building a formatter is slow next to using one, and the zones in play are few: one per merchant.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const formatsLimit = 500;

function formatOf(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    if (cache.size >= formatsLimit) cache.clear();
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

function partsIn(instant: Date, timeZone: string, withClock: boolean): Record<string, number> {
  const format = withClock
    ? formatOf(clockFormats, timeZone, { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    : formatOf(dateFormats, timeZone, { year: 'numeric', month: 'numeric', day: 'numeric' });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts;
}

export function calendarDateIn(instant: Date, timeZone: string): CalendarDate {
  const { year = 0, month = 0, day = 0 } = partsIn(instant, timeZone, false);
  return { year, month, day };
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isoDateIn(instant: Date | string, timeZone: string): string {
  return toIsoDate(calendarDateIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone));
}

export function addDaysToIsoDate(isoDate: string, days: number): string {
  // Noon UTC stays on the same calendar day whatever is added, so no zone or leap second moves it.
  const noon = new Date(`${isoDate}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + days);
  return noon.toISOString().slice(0, 10);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Negative west of Greenwich. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = partsIn(instant, timeZone, true);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

export function startOfYearIn(year: number, timeZone: string): Date {
  const newYearUtc = new Date(Date.UTC(year, 0, 1));
  return new Date(newYearUtc.getTime() - zoneOffsetMs(newYearUtc, timeZone));
}
