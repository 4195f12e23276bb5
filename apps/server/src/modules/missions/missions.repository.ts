import { and, asc, count, desc, eq, gt, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { missionCompletions, missions, missionTasks, type MissionCompletionRow, type MissionRow, type MissionTaskRow, type NewMissionRow } from './missions.table.ts';

export async function insertMission(tx: Database, mission: NewMissionRow, tasks: Array<Omit<typeof missionTasks.$inferInsert, 'missionId' | 'position'>>): Promise<MissionRow> {
  const [row] = await tx.insert(missions).values(mission).returning();
  if (!row) throw new Error('The mission was not saved');
  await tx.insert(missionTasks).values(tasks.map((task, position) => ({ ...task, missionId: row.id, position })));
  return row;
}

/** A program's missions a member sees: started, and not ended before `since` (the history's reach). */
export async function findProgramMissions(db: Database, { merchantId, programId, now, since }: { merchantId: number; programId: string; now: Date; since: Date }): Promise<MissionRow[]> {
  return db
    .select()
    .from(missions)
    .where(and(eq(missions.merchantId, merchantId), eq(missions.programId, programId), lte(missions.startsAt, now), gte(missions.endsAt, since)))
    .orderBy(asc(missions.endsAt), asc(missions.id));
}

export async function findMission(db: Database, { merchantId, missionId }: { merchantId: number; missionId: string }): Promise<MissionRow | undefined> {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(eq(missions.merchantId, merchantId), eq(missions.id, missionId)));
  return row;
}

/** The missions running at `now`: one merchant's, or every merchant's. */
export async function findRunningMissions(db: Database, { now, merchantId }: { now: Date; merchantId?: number }): Promise<MissionRow[]> {
  return db
    .select()
    .from(missions)
    .where(and(lte(missions.startsAt, now), gt(missions.endsAt, now), merchantId === undefined ? undefined : eq(missions.merchantId, merchantId)))
    .orderBy(asc(missions.id));
}

export async function findMerchantMissions(db: Database, merchantId: number): Promise<MissionRow[]> {
  return db.select().from(missions).where(eq(missions.merchantId, merchantId)).orderBy(desc(missions.createdAt), asc(missions.id));
}

export async function findTasks(db: Database, missionIds: readonly string[]): Promise<MissionTaskRow[]> {
  if (missionIds.length === 0) return [];
  return db.select().from(missionTasks).where(inArray(missionTasks.missionId, [...missionIds])).orderBy(asc(missionTasks.missionId), asc(missionTasks.position));
}

export async function findCompletions(db: Database, { userId, missionIds }: { userId: string; missionIds: readonly string[] }): Promise<MissionCompletionRow[]> {
  if (missionIds.length === 0) return [];
  return db
    .select()
    .from(missionCompletions)
    .where(and(eq(missionCompletions.userId, userId), inArray(missionCompletions.missionId, [...missionIds])));
}

export async function countCompletions(db: Database, missionIds: readonly string[]): Promise<Map<string, number>> {
  if (missionIds.length === 0) return new Map();
  const rows = await db
    .select({ missionId: missionCompletions.missionId, completions: count() })
    .from(missionCompletions)
    .where(inArray(missionCompletions.missionId, [...missionIds]))
    .groupBy(missionCompletions.missionId);
  return new Map(rows.map((row) => [row.missionId, row.completions]));
}

/** Undefined when the member's completion was recorded already (by another request at the same moment). */
export async function insertCompletion(tx: Database, values: typeof missionCompletions.$inferInsert): Promise<MissionCompletionRow | undefined> {
  const [row] = await tx.insert(missionCompletions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setCompletionEntry(tx: Database, { missionId, userId, entryId }: { missionId: string; userId: string; entryId: string }): Promise<void> {
  await tx
    .update(missionCompletions)
    .set({ entryId })
    .where(and(eq(missionCompletions.missionId, missionId), eq(missionCompletions.userId, userId)));
}

/** Ends a running mission now; false when it had ended already. */
export async function endMissionAt(db: Database, { merchantId, missionId, now }: { merchantId: number; missionId: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(missions)
    .set({ endsAt: now })
    .where(and(eq(missions.merchantId, merchantId), eq(missions.id, missionId), gt(missions.endsAt, now), lte(missions.startsAt, now)))
    .returning({ id: missions.id });
  return rows.length > 0;
}

export async function deleteMission(db: Database, { merchantId, missionId }: { merchantId: number; missionId: string }): Promise<void> {
  await db.delete(missions).where(and(eq(missions.merchantId, merchantId), eq(missions.id, missionId)));
}
