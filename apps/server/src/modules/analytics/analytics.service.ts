import type { AnalyticsEventName } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core';
import type { Database } from '../../db/database.ts';
import { countEventsByDay, insertEvent, type DailyEventCount } from './analytics.repository.ts';

/*
 * The sink of engagement events (docs/decisions/022-analytics-events.md): modules record what a
 * member did once they have checked it; nothing here reads a request or decides whether it is true.
 */

export interface AnalyticsEvent {
  merchantId: number;
  userId: string | null;
  cardId: string | null;
  name: AnalyticsEventName;
  properties: Record<string, string | number | boolean | null>;
  occurredAt: Date;
}

/** Records one event, in the caller's transaction when `db` is one. */
export async function recordEvent(db: Database, event: AnalyticsEvent): Promise<void> {
  await insertEvent(db, event);
}

/** The merchant's daily counts per event over the last `days` days, days in the merchant's time zone. */
export async function dailyEventCounts({ db, merchantId, timeZone, days, now }: { db: Database; merchantId: number; timeZone: string; days: number; now: Date }): Promise<DailyEventCount[]> {
  return countEventsByDay(db, { merchantId, timeZone, since: new Date(now.getTime() - days * DAY_MS) });
}
