import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

/** Resolves when the database answers a trivial query; rejects with the driver's error otherwise. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
