import { DAY_MS, LEVEL_RETENTION_DAYS } from '@kartu/core';

/** The part of a program level that the level rules read (spec: app-core §3 Level). */
export interface LevelThreshold {
  name: string;
  rank: number;
  /** Lifetime earnings needed to reach the level. */
  experience: bigint;
  /** Earnings within the retention period needed to keep the level; 0 or null: always kept. */
  retentionExperience?: bigint | null;
}

/** What a card has earned toward levels: over its lifetime, and within the retention period. */
export interface EarnedExperience {
  lifetimeEarned: bigint;
  earnedInRetentionPeriod: bigint;
}

/** A card that never earned. */
export const noEarnedExperience: EarnedExperience = { lifetimeEarned: 0n, earnedInRetentionPeriod: 0n };

export interface LevelProgress<L extends LevelThreshold> {
  current: L | undefined;
  next: L | undefined;
  /** Share of the way from the current level (or zero) to the next, 0 to 1; 1 at the top level. */
  progress: number;
  /** Earnings still needed for the next level; 0 at the top level. */
  remaining: bigint;
}

export type LevelStepState = 'done' | 'active' | 'upcoming';

function byRank<L extends LevelThreshold>(levels: readonly L[]): L[] {
  return [...levels].sort((a, b) => a.rank - b.rank);
}

/**
 * The highest-ranked level whose experience the lifetime earnings reach, before retention (the
 * card's level is levelWithRetention). Lifetime earnings are earns minus reversed earns; spending never lowers a level.
 */
export function levelFor<L extends LevelThreshold>(levels: readonly L[], lifetimeEarned: bigint): L | undefined {
  let reached: L | undefined;
  for (const level of byRank(levels)) {
    if (level.experience <= lifetimeEarned) reached = level;
  }
  return reached;
}

/** The start of the rolling retention period that ends at `now`: the last LEVEL_RETENTION_DAYS. */
export function retentionPeriodStart(now: Date): Date {
  return new Date(now.getTime() - LEVEL_RETENTION_DAYS * DAY_MS);
}

/** Whether the earnings of the retention period keep the level (0 or null asks nothing). */
export function keepsLevel(level: LevelThreshold, earnedInRetentionPeriod: bigint): boolean {
  return earnedInRetentionPeriod >= (level.retentionExperience ?? 0n);
}

/**
 * The card's level under retention (spec: app-core §3 Level experience and retentionExperience).
 * Chosen reading: lifetime earnings reach a level; it is kept only while the earnings of the last
 * LEVEL_RETENTION_DAYS reach its retentionExperience. The current level is the highest one both
 * reached and kept, so a reached level that is not kept falls back to the highest kept one below.
 */
export function levelWithRetention<L extends LevelThreshold>(levels: readonly L[], earned: EarnedExperience): L | undefined {
  let kept: L | undefined;
  for (const level of byRank(levels)) {
    if (level.experience <= earned.lifetimeEarned && keepsLevel(level, earned.earnedInRetentionPeriod)) kept = level;
  }
  return kept;
}

export function levelProgress<L extends LevelThreshold>(levels: readonly L[], lifetimeEarned: bigint): LevelProgress<L> {
  const ordered = byRank(levels);
  const current = levelFor(ordered, lifetimeEarned);
  const next = ordered.find((level) => level.rank > (current?.rank ?? Number.NEGATIVE_INFINITY) && level.experience > lifetimeEarned);
  if (!next) return { current, next: undefined, progress: 1, remaining: 0n };
  const from = current?.experience ?? 0n;
  const span = next.experience - from;
  const done = lifetimeEarned - from;
  // Both are bigint; the ratio only feeds a progress bar, so a float is fine here.
  const progress = span <= 0n ? 1 : Math.min(1, Math.max(0, Number(done) / Number(span)));
  return { current, next, progress, remaining: next.experience - lifetimeEarned };
}

/** The level stepper: levels up to the current one are done, the current one is active. */
export function levelSteps<L extends LevelThreshold>(
  levels: readonly L[],
  lifetimeEarned: bigint,
): Array<{ level: L; state: LevelStepState }> {
  const current = levelFor(levels, lifetimeEarned);
  return byRank(levels).map((level) => ({
    level,
    state: current === undefined || level.rank > current.rank ? 'upcoming' : level === current ? 'active' : 'done',
  }));
}
