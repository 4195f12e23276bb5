import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { earnCodes, type EarnCodeRow } from './earn-codes.table.ts';

export async function insertEarnCode(db: Database, row: typeof earnCodes.$inferInsert): Promise<EarnCodeRow | undefined> {
  const [code] = await db.insert(earnCodes).values(row).onConflictDoNothing().returning();
  return code;
}

export async function findEarnCode(db: Database, { merchantId, id, lock = false }: { merchantId: number; id: string; lock?: boolean }): Promise<EarnCodeRow | undefined> {
  const query = db
    .select()
    .from(earnCodes)
    .where(and(eq(earnCodes.merchantId, merchantId), eq(earnCodes.id, id)));
  const [code] = lock ? await query.for('update') : await query;
  return code;
}

export async function markEarnCodeClaimed(
  db: Database,
  { id, claimedBy, cardId, earned, claimedAt }: { id: string; claimedBy: string; cardId: string; earned: bigint; claimedAt: Date },
): Promise<void> {
  await db.update(earnCodes).set({ claimedBy, cardId, earned, claimedAt }).where(eq(earnCodes.id, id));
}
