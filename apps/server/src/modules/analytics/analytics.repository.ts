import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { AnalyticsEventName } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { analyticsEvents, type NewAnalyticsEventRow } from './analytics.table.ts';

export async function insertEvent(db: Database, event: NewAnalyticsEventRow): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}

export interface DailyEventCount {
  /** The day in the merchant's time zone, yyyy-mm-dd. */
  day: string;
  name: AnalyticsEventName;
  count: number;
}

/** How many of each event the merchant's members made per day since `since`, days read in `timeZone`. */
export async function countEventsByDay(db: Database, { merchantId, since, timeZone }: { merchantId: number; since: Date; timeZone: string }): Promise<DailyEventCount[]> {
  const day = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, name: analyticsEvents.name, count: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.merchantId, merchantId), gte(analyticsEvents.occurredAt, since)))
    // By position: the time zone is a parameter, so the day written again would be another expression.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
  return rows.map((row) => ({ day: row.day, name: row.name, count: Number(row.count) }));
}
