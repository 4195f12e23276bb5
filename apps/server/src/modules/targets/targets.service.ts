import type { TargetKind, TargetPeriod } from '@kartu/contracts';
import { DAY_MS, calendarDateIn, startOfYearIn } from '@kartu/core';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import { findAllRunningTargets, findMerchantTargets, findRewards, findRunningTargets, insertReward, insertTarget } from './targets.repository.ts';
import type { TargetRewardRow, TargetRow } from './targets.table.ts';

/*
 * Target achievement (docs/decisions/043-target-achievement.md): a card program's targets and the
 * windows they count in. What a member spent or collected comes from the use case target-progress.
 */

export interface TargetWindow {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The window of a target that holds `now`: the calendar year in the merchant's time zone (clipped to
 * the target's own start and end), the cycle of `cycleDays` counted from its start, or its period.
 */
export function targetWindow(target: Pick<TargetRow, 'period' | 'cycleDays' | 'startsAt' | 'endsAt'>, now: Date, timeZone: string): TargetWindow {
  const clip = (window: TargetWindow): TargetWindow => ({
    startsAt: window.startsAt < target.startsAt ? target.startsAt : window.startsAt,
    endsAt: target.endsAt && target.endsAt < window.endsAt ? target.endsAt : window.endsAt,
  });
  if (target.period === 'yearly') {
    const { year } = calendarDateIn(now, timeZone);
    return clip({ startsAt: startOfYearIn(year, timeZone), endsAt: startOfYearIn(year + 1, timeZone) });
  }
  if (target.period === 'cycle') {
    const length = (target.cycleDays ?? 1) * DAY_MS;
    const passed = Math.floor((now.getTime() - target.startsAt.getTime()) / length);
    const startsAt = new Date(target.startsAt.getTime() + passed * length);
    return clip({ startsAt, endsAt: new Date(startsAt.getTime() + length) });
  }
  return { startsAt: target.startsAt, endsAt: target.endsAt ?? now };
}

export interface CreateTargetOptions {
  db: Database;
  merchantId: number;
  programId: string;
  name: string;
  description: string | null;
  kind: TargetKind;
  period: TargetPeriod;
  cycleDays: number | null;
  target: bigint;
  reward: bigint;
  startsAt: Date;
  endsAt: Date | null;
  now: Date;
}

export async function createTarget({ db, merchantId, programId, now, ...target }: CreateTargetOptions): Promise<TargetRow> {
  if (!isUuid(programId)) throw new AppError('NOT_FOUND', { message: 'Program not found' });
  await getProgram({ db, merchantId, programId });
  const invalid = (message: string) => new AppError('VALIDATION_FAILED', { message });
  if (target.target <= 0n || target.reward <= 0n) throw invalid('The target and the reward must be greater than zero');
  if ((target.period === 'cycle') !== (target.cycleDays !== null)) throw invalid('A cycle target, and only one, has a number of days');
  if (target.period === 'period' && !target.endsAt) throw invalid('A period target needs an end');
  if (target.endsAt && target.endsAt <= target.startsAt) throw invalid('The end must come after the start');
  return insertTarget(db, { merchantId, programId, ...target, createdAt: now });
}

export async function listTargets({ db, merchantId }: { db: Database; merchantId: number }): Promise<TargetRow[]> {
  return findMerchantTargets(db, merchantId);
}

export async function runningTargets(db: Database, scope: { merchantId: number; programId: string; now: Date }): Promise<TargetRow[]> {
  return findRunningTargets(db, scope);
}

/** Every merchant's targets running at `now`, for the job that pays what members reached. */
export async function allRunningTargets(db: Database, now: Date): Promise<TargetRow[]> {
  return findAllRunningTargets(db, now);
}

/** The rewards this member was paid in these windows. */
export async function rewardsOf(db: Database, scope: { userId: string; windows: Array<{ targetId: string; windowStartsAt: Date }> }): Promise<TargetRewardRow[]> {
  return findRewards(db, scope);
}

/** Records a window's reward; false when it was recorded already. */
export async function recordReward(db: Database, reward: TargetRewardRow): Promise<boolean> {
  return insertReward(db, reward);
}
