import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { targetAchievements } from '../modules/targets/targets.table.ts';
import { demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';

/** Kopi Senja Rewards' targets: the yearly spend and the 90-day collect. */
export const demoTargetIds = { yearlySpend: '5eed0000-0000-4000-8000-000000000111', quarterCollect: '5eed0000-0000-4000-8000-000000000112' } as const;

/**
 * The target-achievement demo (docs/decisions/043-target-achievement.md): spend Rp 2.000.000 at Kopi
 * Senja's tills within the calendar year for 300 points, and collect 1,000 points within each 90-day
 * cycle for 150 points. Rani's earns of the last weeks count toward the second. Seeding again keeps them.
 */
export async function seedKopiSenjaTargets(tx: Database, merchantId: number, { now }: Pick<SeedCardsOptions, 'now'>): Promise<void> {
  const programId = demoProgramIds.kopiSenjaRewards;
  const createdAt = new Date(now.getTime() - 80 * DAY_MS);
  await tx
    .insert(targetAchievements)
    .values([
      {
        id: demoTargetIds.yearlySpend,
        merchantId,
        programId,
        name: 'Senja Regular of the year',
        description: 'Every bill at a Kopi Senja till counts, at any outlet. Reach it again next year.',
        kind: 'spend',
        period: 'yearly',
        target: 2_000_000n,
        reward: 300n,
        startsAt: new Date(now.getTime() - 365 * DAY_MS),
        createdAt,
      },
      {
        id: demoTargetIds.quarterCollect,
        merchantId,
        programId,
        name: 'Collect 1,000 points this season',
        description: 'Points earned on your Kopi Senja Rewards card count; a new season starts every 90 days.',
        kind: 'collect',
        period: 'cycle',
        cycleDays: 90,
        target: 1_000n,
        reward: 150n,
        startsAt: createdAt,
        createdAt,
      },
    ])
    .onConflictDoNothing();
}
