import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { missions, missionTasks } from '../modules/missions/missions.table.ts';
import { demoProducts } from './seed-catalog.ts';
import { demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';
import { demoVoucherTemplateIds } from './seed-vouchers.ts';

/** Kopi Senja Rewards' missions: two running, one that ended last month. */
export const demoMissionIds = {
  morningRitual: '5eed0000-0000-4000-8000-000000000121',
  bringFriends: '5eed0000-0000-4000-8000-000000000122',
  grandOpening: '5eed0000-0000-4000-8000-000000000123',
  senayanVisit: '5eed0000-0000-4000-8000-000000000124',
} as const;

const productOf = (sku: string) => {
  const product = demoProducts.find((candidate) => candidate.sku === sku);
  if (!product) throw new Error(`The demo has no product ${sku}`);
  return product.id;
};

/**
 * The missions demo (docs/decisions/044-missions.md): "Morning ritual" asks for three Kopi Susu
 * vouchers from the shop and 200 points earned, for 100 points; "Bring your friends" asks for three
 * friends who sign up and two cards in the wallet, for a Butter croissant voucher (Rani's two friends
 * of the last days count); "Come see us at Senayan" asks for a check-in at the Senayan counter (store
 * code SENAYAN1), for 30 points; "Grand opening week" ended a month ago and shows in the history.
 * Seeding again keeps them.
 */
export async function seedKopiSenjaMissions(tx: Database, merchantId: number, { now }: Pick<SeedCardsOptions, 'now'>): Promise<void> {
  const programId = demoProgramIds.kopiSenjaRewards;
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const made = await tx
    .insert(missions)
    .values([
      {
        id: demoMissionIds.morningRitual,
        merchantId,
        programId,
        name: 'Morning ritual',
        description: 'Start your days with Kopi Senja: three Kopi Susu vouchers from the shop and 200 points earned at our tills.',
        startsAt: daysFromNow(-7),
        endsAt: daysFromNow(23),
        rewardPoints: 100n,
        createdAt: daysFromNow(-8),
      },
      {
        id: demoMissionIds.bringFriends,
        merchantId,
        programId,
        name: 'Bring your friends',
        description: 'Invite friends to Kopi Senja Rewards and keep two cards in your wallet. A butter croissant is on us.',
        startsAt: daysFromNow(-10),
        endsAt: daysFromNow(50),
        rewardTemplateId: demoVoucherTemplateIds.croissant,
        rewardQuantity: 1,
        createdAt: daysFromNow(-11),
      },
      {
        id: demoMissionIds.senayanVisit,
        merchantId,
        programId,
        name: 'Come see us at Senayan',
        description: 'Drop by Kopi Senja Senayan and check in at the counter: the cashier enters the store code on your phone.',
        startsAt: daysFromNow(-2),
        endsAt: daysFromNow(20),
        rewardPoints: 30n,
        createdAt: daysFromNow(-3),
      },
      {
        id: demoMissionIds.grandOpening,
        merchantId,
        programId,
        name: 'Grand opening week',
        description: 'Spend Rp 150.000 at the new Kemang outlet in its first week.',
        startsAt: daysFromNow(-37),
        endsAt: daysFromNow(-30),
        rewardPoints: 50n,
        createdAt: daysFromNow(-40),
      },
    ])
    .onConflictDoNothing()
    .returning({ id: missions.id });
  if (made.length === 0) return;
  const tasks: Array<typeof missionTasks.$inferInsert> = [
    { missionId: demoMissionIds.morningRitual, position: 0, kind: 'buy_product', title: 'Buy 3 Kopi Susu Gula Aren vouchers', description: 'In the shop of your Kopi Senja Rewards card.', target: 3n, productId: productOf('KS-EV-KOPSU') },
    { missionId: demoMissionIds.morningRitual, position: 1, kind: 'earn', title: 'Earn 200 points', description: 'Show your card at any Kopi Senja till.', target: 200n },
    { missionId: demoMissionIds.bringFriends, position: 0, kind: 'refer', title: 'Invite 3 friends who sign up', description: 'Share your invite link from Refer friends.', target: 3n },
    { missionId: demoMissionIds.bringFriends, position: 1, kind: 'add_card', title: 'Keep 2 cards in your wallet', description: null, target: 2n },
    { missionId: demoMissionIds.senayanVisit, position: 0, kind: 'visit_store', title: 'Check in at Kopi Senja Senayan', description: 'Any day the store is open.', target: 1n },
    { missionId: demoMissionIds.grandOpening, position: 0, kind: 'spend', title: 'Spend Rp 150.000', description: 'Bills at any Kopi Senja till count.', target: 150_000n },
  ];
  await tx.insert(missionTasks).values(tasks.filter((task) => made.some((mission) => mission.id === task.missionId)));
}
