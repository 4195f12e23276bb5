import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { privileges } from '../modules/privileges/privileges.table.ts';
import { demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';
import { demoVoucherTemplateIds } from './seed-vouchers.ts';

/** Kopi Senja Rewards' perks. */
export const demoPrivilegeIds = {
  croissant: '5eed0000-0000-4000-8000-000000000131',
  tasteSurvey: '5eed0000-0000-4000-8000-000000000132',
  goldRefill: '5eed0000-0000-4000-8000-000000000133',
} as const;

/** The rank of Gold among Kopi Senja Rewards' levels (seed-cards.ts). */
const goldRank = 3;

/**
 * The perks demo (docs/decisions/045-privileges.md): a croissant voucher every member may claim once,
 * a taste survey that gives 50 points once Kopi Senja approves the answer, and a tumbler refill for
 * Gold members, which Rani (Silver) sees locked with the level to reach. Seeding again keeps them.
 */
export async function seedKopiSenjaPrivileges(tx: Database, merchantId: number, { now }: Pick<SeedCardsOptions, 'now'>): Promise<void> {
  const programId = demoProgramIds.kopiSenjaRewards;
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await tx
    .insert(privileges)
    .values([
      {
        id: demoPrivilegeIds.croissant,
        merchantId,
        programId,
        kind: 'voucher',
        title: 'A butter croissant on us',
        description: 'Claim a butter croissant voucher and enjoy it with your next coffee at any Kopi Senja outlet.',
        terms: 'One claim per member. The voucher is valid for 30 days after you claim it.',
        startsAt: daysFromNow(-5),
        endsAt: daysFromNow(40),
        voucherTemplateId: demoVoucherTemplateIds.croissant,
        voucherQuantity: 1,
        createdAt: daysFromNow(-6),
      },
      {
        id: demoPrivilegeIds.tasteSurvey,
        merchantId,
        programId,
        kind: 'survey',
        title: 'Tell us how you take your coffee',
        description: 'Five questions about your favourite drinks help us plan the new menu. Approved answers earn 50 points.',
        terms: 'One answer per member. We review answers within 2 working days.',
        startsAt: daysFromNow(-3),
        endsAt: daysFromNow(27),
        rewardPoints: 50n,
        questions: [
          { name: 'favouriteDrink', label: 'Your favourite drink', type: 'single', required: true, options: ['Kopi Susu Gula Aren', 'Es Kopi Senja', 'Americano', 'Cappuccino'] },
          { name: 'wishes', label: 'What else would you like from us?', type: 'multiple', required: false, options: ['Pastries', 'Brunch', 'Beans to take home', 'Brewing workshops'] },
          { name: 'lastVisit', label: 'When did you last visit an outlet?', type: 'date', required: true },
          { name: 'comments', label: 'Anything else to tell us', type: 'text', required: false },
        ],
        createdAt: daysFromNow(-4),
      },
      {
        id: demoPrivilegeIds.goldRefill,
        merchantId,
        programId,
        kind: 'voucher',
        title: 'Gold members: a free tumbler refill',
        description: 'Bring your Kopi Senja tumbler and have it filled with the coffee of the day.',
        terms: 'For Gold members. One claim per member.',
        minLevelRank: goldRank,
        startsAt: daysFromNow(-10),
        voucherTemplateId: demoVoucherTemplateIds.tumblerRefill,
        voucherQuantity: 1,
        createdAt: daysFromNow(-11),
      },
    ])
    .onConflictDoNothing();
}
