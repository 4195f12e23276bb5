import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { microApps, type MicroAppRow } from './micro-apps.table.ts';

export async function findMicroApp(db: Database, { merchantId, app }: { merchantId: number; app: string }): Promise<MicroAppRow | undefined> {
  const [row] = await db.select().from(microApps).where(and(eq(microApps.merchantId, merchantId), eq(microApps.app, app))).limit(1);
  return row;
}

/** Saves the app, or gives an app of that name a new key; answers the row. */
export async function upsertMicroApp(db: Database, row: { merchantId: number; app: string; name: string; sealedKey: string; createdAt: Date }): Promise<MicroAppRow> {
  const [saved] = await db
    .insert(microApps)
    .values(row)
    .onConflictDoUpdate({ target: [microApps.merchantId, microApps.app], set: { name: row.name, sealedKey: row.sealedKey } })
    .returning();
  if (!saved) throw new Error('The micro app was not saved');
  return saved;
}
