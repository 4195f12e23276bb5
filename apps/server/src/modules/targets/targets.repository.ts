import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { targetAchievements, targetRewards, type TargetRewardRow, type TargetRow } from './targets.table.ts';

export async function insertTarget(db: Database, values: typeof targetAchievements.$inferInsert): Promise<TargetRow> {
  const [row] = await db.insert(targetAchievements).values(values).returning();
  if (!row) throw new Error('The target was not saved');
  return row;
}

/** A program's targets running at `now`, oldest first. */
export async function findRunningTargets(db: Database, { merchantId, programId, now }: { merchantId: number; programId: string; now: Date }): Promise<TargetRow[]> {
  return db
    .select()
    .from(targetAchievements)
    .where(
      and(
        eq(targetAchievements.merchantId, merchantId),
        eq(targetAchievements.programId, programId),
        lte(targetAchievements.startsAt, now),
        or(isNull(targetAchievements.endsAt), gt(targetAchievements.endsAt, now)),
      ),
    )
    .orderBy(asc(targetAchievements.createdAt), asc(targetAchievements.id));
}

export async function findAllRunningTargets(db: Database, now: Date): Promise<TargetRow[]> {
  return db
    .select()
    .from(targetAchievements)
    .where(and(lte(targetAchievements.startsAt, now), or(isNull(targetAchievements.endsAt), gt(targetAchievements.endsAt, now))))
    .orderBy(asc(targetAchievements.id));
}

export async function findMerchantTargets(db: Database, merchantId: number): Promise<TargetRow[]> {
  return db.select().from(targetAchievements).where(eq(targetAchievements.merchantId, merchantId)).orderBy(asc(targetAchievements.createdAt));
}

export async function findRewards(db: Database, { userId, windows }: { userId: string; windows: Array<{ targetId: string; windowStartsAt: Date }> }): Promise<TargetRewardRow[]> {
  if (windows.length === 0) return [];
  return db
    .select()
    .from(targetRewards)
    .where(and(eq(targetRewards.userId, userId), or(...windows.map((window) => and(eq(targetRewards.targetId, window.targetId), eq(targetRewards.windowStartsAt, window.windowStartsAt))))));
}

/** False when the window's reward was recorded already (by another request at the same moment). */
export async function insertReward(db: Database, values: typeof targetRewards.$inferInsert): Promise<boolean> {
  const rows = await db.insert(targetRewards).values(values).onConflictDoNothing().returning({ targetId: targetRewards.targetId });
  return rows.length > 0;
}
