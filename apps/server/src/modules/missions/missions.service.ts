import type { MissionStatus, MissionTaskKind } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core';
import { MISSION_HISTORY_DAYS, MISSION_MAX_TASKS } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import {
  countCompletions,
  deleteMission,
  endMissionAt,
    findCompletions,
  findMerchantMissions,
  findMission,
  findProgramMissions,
  findRunningMissions,
  findTasks,
  insertCompletion,
  insertMission,
  setCompletionEntry,
} from './missions.repository.ts';
import type { MissionCompletionRow, MissionRow, MissionTaskRow } from './missions.table.ts';

/*
 * Missions (docs/decisions/044-missions.md): a card program's missions, their tasks and who completed
 * them. What a member did toward a task is worked out by the use case mission-progress.
 */

export interface MissionTaskInput {
  kind: MissionTaskKind;
  title: string;
  description: string | null;
  target: bigint;
  productId: string | null;
}

export type MissionRewardInput = { kind: 'points'; amount: bigint } | { kind: 'voucher'; templateId: string; quantity: number };

export interface CreateMissionOptions {
  db: Database;
  merchantId: number;
  programId: string;
  name: string;
  description: string | null;
  startsAt: Date;
  endsAt: Date;
  reward: MissionRewardInput;
  tasks: readonly MissionTaskInput[];
  now: Date;
}

/** Saves a mission with its tasks; the caller has checked that the products and the voucher template are the merchant's. */
export async function createMission({ db, merchantId, programId, name, description, startsAt, endsAt, reward, tasks, now }: CreateMissionOptions): Promise<MissionRow> {
  if (!isUuid(programId)) throw new AppError('NOT_FOUND', { message: 'Program not found' });
  await getProgram({ db, merchantId, programId });
  const invalid = (message: string) => new AppError('VALIDATION_FAILED', { message });
  if (endsAt <= startsAt) throw invalid('The end must come after the start');
  if (tasks.length === 0 || tasks.length > MISSION_MAX_TASKS) throw invalid(`A mission has 1 to ${MISSION_MAX_TASKS} tasks`);
  if (tasks.some((task) => task.target <= 0n)) throw invalid('Every task needs a target greater than zero');
  if (tasks.some((task) => (task.kind === 'buy_product') !== (task.productId !== null))) throw invalid('A buy_product task names its product; other kinds do not');
  if (reward.kind === 'points' && reward.amount <= 0n) throw invalid('The reward must be greater than zero');
  return insertMission(
    db,
    {
      merchantId,
      programId,
      name,
      description,
      startsAt,
      endsAt,
      rewardPoints: reward.kind === 'points' ? reward.amount : null,
      rewardTemplateId: reward.kind === 'voucher' ? reward.templateId : null,
      rewardQuantity: reward.kind === 'voucher' ? reward.quantity : null,
      createdAt: now,
    },
    tasks.map((task) => ({ kind: task.kind, title: task.title, description: task.description, target: task.target, productId: task.productId })),
  );
}

export function missionReward(mission: MissionRow): MissionRewardInput {
  if (mission.rewardPoints !== null) return { kind: 'points', amount: mission.rewardPoints };
  if (mission.rewardTemplateId === null || mission.rewardQuantity === null) throw new Error(`Mission ${mission.id} has no reward`);
  return { kind: 'voucher', templateId: mission.rewardTemplateId, quantity: mission.rewardQuantity };
}

export function missionStatus(mission: Pick<MissionRow, 'endsAt'>, completion: MissionCompletionRow | undefined, now: Date): MissionStatus {
  if (completion) return 'completed';
  return mission.endsAt > now ? 'active' : 'expired';
}

/** The program's missions a member sees at `now`: those running, and those that ended within the history's days. */
export async function memberMissions(db: Database, { merchantId, programId, now }: { merchantId: number; programId: string; now: Date }): Promise<MissionRow[]> {
  return findProgramMissions(db, { merchantId, programId, now, since: new Date(now.getTime() - MISSION_HISTORY_DAYS * DAY_MS) });
}

export async function getMission(db: Database, { merchantId, missionId }: { merchantId: number; missionId: string }): Promise<MissionRow> {
  const mission = isUuid(missionId) ? await findMission(db, { merchantId, missionId }) : undefined;
  if (!mission) throw new AppError('MISSION_NOT_FOUND');
  return mission;
}

export async function listMerchantMissions(db: Database, merchantId: number): Promise<MissionRow[]> {
  return findMerchantMissions(db, merchantId);
}

/** The missions running at `now`, of one merchant or of all (for the job that settles what members did without looking). */
export async function runningMissions(db: Database, scope: { now: Date; merchantId?: number }): Promise<MissionRow[]> {
  return findRunningMissions(db, scope);
}

/** The tasks of each mission, in their order. */
export async function tasksOf(db: Database, missionIds: readonly string[]): Promise<Map<string, MissionTaskRow[]>> {
  const tasks = new Map<string, MissionTaskRow[]>(missionIds.map((id) => [id, []]));
  for (const task of await findTasks(db, missionIds)) tasks.get(task.missionId)?.push(task);
  return tasks;
}

export async function completionsOf(db: Database, scope: { userId: string; missionIds: readonly string[] }): Promise<Map<string, MissionCompletionRow>> {
  return new Map((await findCompletions(db, scope)).map((row) => [row.missionId, row]));
}

export async function completionCounts(db: Database, missionIds: readonly string[]): Promise<Map<string, number>> {
  return countCompletions(db, missionIds);
}

/** Records the member's completion; undefined when it was recorded already. */
export async function recordCompletion(tx: Database, completion: { missionId: string; userId: string; cardId: string; completedAt: Date }): Promise<MissionCompletionRow | undefined> {
  return insertCompletion(tx, completion);
}

export async function setCompletionReward(tx: Database, completion: { missionId: string; userId: string; entryId: string }): Promise<void> {
  await setCompletionEntry(tx, completion);
}

/** Ends a mission at once: a running one stops counting now (its history stays), one not started is withdrawn. */
export async function endMission({ db, merchantId, missionId, now }: { db: Database; merchantId: number; missionId: string; now: Date }): Promise<'ended' | 'withdrawn' | 'already-ended'> {
  const mission = await getMission(db, { merchantId, missionId });
  if (mission.startsAt > now) {
    await deleteMission(db, { merchantId, missionId });
    return 'withdrawn';
  }
  return (await endMissionAt(db, { merchantId, missionId, now })) ? 'ended' : 'already-ended';
}
