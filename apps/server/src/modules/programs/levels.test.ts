import { describe, expect, it } from 'vitest';
import { levelFor, levelProgress, levelSteps, levelWithRetention, retentionPeriodStart } from './levels.ts';

const levels = [
  { name: 'Gold', rank: 3, experience: 5_000n },
  { name: 'Bronze', rank: 1, experience: 0n },
  { name: 'Silver', rank: 2, experience: 1_000n },
];

describe('levelFor', () => {
  it('picks the highest level whose experience the lifetime earnings reach', () => {
    expect(levelFor(levels, 0n)?.name).toBe('Bronze');
    expect(levelFor(levels, 999n)?.name).toBe('Bronze');
    expect(levelFor(levels, 1_000n)?.name).toBe('Silver');
    expect(levelFor(levels, 4_999n)?.name).toBe('Silver');
    expect(levelFor(levels, 123_456n)?.name).toBe('Gold');
  });

  it('has no level below the first threshold or without levels', () => {
    expect(levelFor([{ name: 'Silver', rank: 1, experience: 100n }], 99n)).toBeUndefined();
    expect(levelFor([], 1_000n)).toBeUndefined();
  });
});

describe('levelProgress', () => {
  it('measures progress from the current level to the next', () => {
    const halfway = levelProgress(levels, 3_000n);
    expect(halfway.current?.name).toBe('Silver');
    expect(halfway.next?.name).toBe('Gold');
    expect(halfway.progress).toBe(0.5);
    expect(halfway.remaining).toBe(2_000n);
  });

  it('counts from zero before the first level', () => {
    const progress = levelProgress([{ name: 'Silver', rank: 1, experience: 400n }], 100n);
    expect(progress.current).toBeUndefined();
    expect(progress.next?.name).toBe('Silver');
    expect(progress.progress).toBe(0.25);
    expect(progress.remaining).toBe(300n);
  });

  it('is complete at the top level', () => {
    expect(levelProgress(levels, 9_000n)).toMatchObject({ next: undefined, progress: 1, remaining: 0n });
  });

  it('starts at zero right on a level threshold', () => {
    expect(levelProgress(levels, 1_000n)).toMatchObject({ progress: 0, remaining: 4_000n });
  });
});

describe('levelSteps', () => {
  it('marks passed levels done, the current one active and the rest upcoming', () => {
    expect(levelSteps(levels, 1_500n).map((step) => [step.level.name, step.state])).toEqual([
      ['Bronze', 'done'],
      ['Silver', 'active'],
      ['Gold', 'upcoming'],
    ]);
  });
});

describe('levelWithRetention', () => {
  const kept = [
    { name: 'Bronze', rank: 1, experience: 0n, retentionExperience: null },
    { name: 'Silver', rank: 2, experience: 1_000n, retentionExperience: 200n },
    { name: 'Gold', rank: 3, experience: 5_000n, retentionExperience: 1_000n },
  ];

  it('keeps the highest reached level while the retention period earnings meet its retention', () => {
    expect(levelWithRetention(kept, { lifetimeEarned: 6_000n, earnedInRetentionPeriod: 1_000n })?.name).toBe('Gold');
    expect(levelWithRetention(kept, { lifetimeEarned: 2_000n, earnedInRetentionPeriod: 200n })?.name).toBe('Silver');
  });

  it('falls to the highest retained level when a reached level is not retained', () => {
    expect(levelWithRetention(kept, { lifetimeEarned: 6_000n, earnedInRetentionPeriod: 999n })?.name).toBe('Silver');
    expect(levelWithRetention(kept, { lifetimeEarned: 6_000n, earnedInRetentionPeriod: 199n })?.name).toBe('Bronze');
  });

  it('always keeps a level whose retention is null or zero', () => {
    const open = [
      { name: 'Silver', rank: 1, experience: 100n, retentionExperience: 0n },
      { name: 'Gold', rank: 2, experience: 500n },
    ];
    expect(levelWithRetention(open, { lifetimeEarned: 600n, earnedInRetentionPeriod: 0n })?.name).toBe('Gold');
  });

  it('never grants a level that lifetime earnings have not reached', () => {
    expect(levelWithRetention(kept, { lifetimeEarned: 999n, earnedInRetentionPeriod: 999n })?.name).toBe('Bronze');
  });

  it('has no level when none is reached and kept, or without levels', () => {
    const demanding = [{ name: 'Silver', rank: 1, experience: 0n, retentionExperience: 50n }];
    expect(levelWithRetention(demanding, { lifetimeEarned: 1_000n, earnedInRetentionPeriod: 49n })).toBeUndefined();
    expect(levelWithRetention([], { lifetimeEarned: 1_000n, earnedInRetentionPeriod: 1_000n })).toBeUndefined();
  });
});

describe('retentionPeriodStart', () => {
  it('starts the retention period 365 days before now', () => {
    expect(retentionPeriodStart(new Date('2025-06-30T08:00:00Z')).toISOString()).toBe('2024-06-30T08:00:00.000Z');
  });
});
