import type { Database } from '../db/database.ts';
import { lockFeature } from '../modules/features/features.service.ts';
import { demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';

/** The rank of Silver among Kopi Senja Rewards' levels (seed-cards.ts). */
const silverRank = 2;

/**
 * The feature-lock demo: Kopi Senja opens point transfers from Silver on Kopi Senja Rewards, so Rani
 * (Silver) transfers and Budi (Bronze) is shown what opens it. Seeding again keeps the one lock.
 */
export async function seedKopiSenjaFeatureLocks(tx: Database, merchantId: number, { now }: Pick<SeedCardsOptions, 'now'>): Promise<void> {
  await lockFeature({ db: tx, merchantId, feature: 'transfer-point', level: { programId: demoProgramIds.kopiSenjaRewards, rank: silverRank }, now });
}
