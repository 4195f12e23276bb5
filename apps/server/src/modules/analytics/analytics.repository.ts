import type { Database } from '../../db/database.ts';
import { analyticsEvents, type NewAnalyticsEventRow } from './analytics.table.ts';

export async function insertEvent(db: Database, event: NewAnalyticsEventRow): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}
