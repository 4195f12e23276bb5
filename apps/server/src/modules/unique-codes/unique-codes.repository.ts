import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { uniqueCodeBatches, uniqueCodes, type UniqueCodeBatchRow, type UniqueCodeRow } from './unique-codes.table.ts';

export async function insertBatch(db: Database, row: typeof uniqueCodeBatches.$inferInsert): Promise<UniqueCodeBatchRow> {
  const [batch] = await db.insert(uniqueCodeBatches).values(row).returning();
  if (!batch) throw new Error('The batch was not saved');
  return batch;
}

/** Inserts the hashes not taken yet; answers how many were new. */
export async function insertCodeHashes(db: Database, { merchantId, batchId, hashes }: { merchantId: number; batchId: string; hashes: string[] }): Promise<number> {
  if (hashes.length === 0) return 0;
  const rows = await db
    .insert(uniqueCodes)
    .values(hashes.map((codeHash) => ({ merchantId, codeHash, batchId })))
    .onConflictDoNothing()
    .returning({ id: uniqueCodes.id });
  return rows.length;
}

/** A code and its batch, the code's row locked for the claim. */
export async function lockCodeWithBatch(db: Database, { merchantId, codeHash }: { merchantId: number; codeHash: string }): Promise<{ code: UniqueCodeRow; batch: UniqueCodeBatchRow } | undefined> {
  const [row] = await db
    .select({ code: uniqueCodes, batch: uniqueCodeBatches })
    .from(uniqueCodes)
    .innerJoin(uniqueCodeBatches, eq(uniqueCodeBatches.id, uniqueCodes.batchId))
    .where(and(eq(uniqueCodes.merchantId, merchantId), eq(uniqueCodes.codeHash, codeHash)))
    .for('update', { of: uniqueCodes });
  return row;
}

export async function markCodeClaimed(
  db: Database,
  { merchantId, codeHash, userId, cardId, claimedAt, rewardAt }: { merchantId: number; codeHash: string; userId: string; cardId: string; claimedAt: Date; rewardAt: Date },
): Promise<UniqueCodeRow | undefined> {
  const [row] = await db
    .update(uniqueCodes)
    .set({ claimedAt, userId, cardId, rewardAt })
    .where(and(eq(uniqueCodes.merchantId, merchantId), eq(uniqueCodes.codeHash, codeHash), isNull(uniqueCodes.claimedAt)))
    .returning();
  return row;
}

export async function setCodeEntry(db: Database, { id, entryId }: { id: string; entryId: string }): Promise<void> {
  await db.update(uniqueCodes).set({ entryId }).where(eq(uniqueCodes.id, id));
}

/** A claimed code whose points have not landed yet, locked so one run pays it. */
export async function lockUnpaidClaim(db: Database, id: string): Promise<{ code: UniqueCodeRow; batch: UniqueCodeBatchRow } | undefined> {
  const [row] = await db
    .select({ code: uniqueCodes, batch: uniqueCodeBatches })
    .from(uniqueCodes)
    .innerJoin(uniqueCodeBatches, eq(uniqueCodeBatches.id, uniqueCodes.batchId))
    .where(and(eq(uniqueCodes.id, id), isNotNull(uniqueCodes.claimedAt), isNull(uniqueCodes.entryId)))
    .for('update', { of: uniqueCodes });
  return row;
}

/** Claims whose reward time has come and whose points have not landed: a sweep's backstop for a lost job. */
export async function findDueClaims(db: Database, { now, limit }: { now: Date; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ id: uniqueCodes.id })
    .from(uniqueCodes)
    .where(and(isNotNull(uniqueCodes.claimedAt), isNull(uniqueCodes.entryId), lte(uniqueCodes.rewardAt, now)))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function findBatch(db: Database, { merchantId, batchId }: { merchantId: number; batchId: string }): Promise<UniqueCodeBatchRow | undefined> {
  const [batch] = await db
    .select()
    .from(uniqueCodeBatches)
    .where(and(eq(uniqueCodeBatches.merchantId, merchantId), eq(uniqueCodeBatches.id, batchId)));
  return batch;
}

export async function listBatchesWithClaims(db: Database, merchantId: number): Promise<Array<{ batch: UniqueCodeBatchRow; claimed: number }>> {
  return db
    .select({ batch: uniqueCodeBatches, claimed: sql<number>`count(${uniqueCodes.claimedAt})::int` })
    .from(uniqueCodeBatches)
    .leftJoin(uniqueCodes, eq(uniqueCodes.batchId, uniqueCodeBatches.id))
    .where(eq(uniqueCodeBatches.merchantId, merchantId))
    .groupBy(uniqueCodeBatches.id)
    .orderBy(desc(uniqueCodeBatches.createdAt), desc(uniqueCodeBatches.id));
}

export async function countClaimed(db: Database, batchId: string): Promise<number> {
  const [row] = await db
    .select({ claimed: sql<number>`count(*)::int` })
    .from(uniqueCodes)
    .where(and(eq(uniqueCodes.batchId, batchId), isNotNull(uniqueCodes.claimedAt)));
  return row?.claimed ?? 0;
}

export async function updateBatchStatus(db: Database, { merchantId, batchId, status }: { merchantId: number; batchId: string; status: UniqueCodeBatchRow['status'] }): Promise<UniqueCodeBatchRow | undefined> {
  const [batch] = await db
    .update(uniqueCodeBatches)
    .set({ status })
    .where(and(eq(uniqueCodeBatches.merchantId, merchantId), eq(uniqueCodeBatches.id, batchId)))
    .returning();
  return batch;
}
