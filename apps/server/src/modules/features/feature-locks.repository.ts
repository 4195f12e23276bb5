import { and, asc, eq } from 'drizzle-orm';
import type { FeatureKey } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { programLevels, programs } from '../programs/programs.table.ts';
import { featureLocks, type FeatureLockRow } from './feature-locks.table.ts';

export interface FeatureLockView extends FeatureLockRow {
  /** The program and level that open the feature, for a lock with a level rule. */
  programName: string | null;
  levelName: string | null;
}

export async function findFeatureLocks(db: Database, merchantId: number): Promise<FeatureLockView[]> {
  return db
    .select({
      id: featureLocks.id,
      merchantId: featureLocks.merchantId,
      feature: featureLocks.feature,
      programId: featureLocks.programId,
      minLevelRank: featureLocks.minLevelRank,
      createdAt: featureLocks.createdAt,
      programName: programs.name,
      levelName: programLevels.name,
    })
    .from(featureLocks)
    .leftJoin(programs, eq(programs.id, featureLocks.programId))
    .leftJoin(programLevels, and(eq(programLevels.programId, featureLocks.programId), eq(programLevels.rank, featureLocks.minLevelRank)))
    .where(eq(featureLocks.merchantId, merchantId))
    .orderBy(asc(featureLocks.feature));
}

export async function upsertFeatureLock(
  db: Database,
  lock: { merchantId: number; feature: FeatureKey; programId: string | null; minLevelRank: number | null; createdAt: Date },
): Promise<void> {
  await db
    .insert(featureLocks)
    .values(lock)
    .onConflictDoUpdate({ target: [featureLocks.merchantId, featureLocks.feature], set: { programId: lock.programId, minLevelRank: lock.minLevelRank } });
}

export async function deleteFeatureLock(db: Database, { merchantId, feature }: { merchantId: number; feature: FeatureKey }): Promise<boolean> {
  const removed = await db
    .delete(featureLocks)
    .where(and(eq(featureLocks.merchantId, merchantId), eq(featureLocks.feature, feature)))
    .returning({ id: featureLocks.id });
  return removed.length > 0;
}
