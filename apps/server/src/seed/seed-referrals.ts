import { and, eq } from 'drizzle-orm';
import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { issueCard } from '../modules/cards/cards.service.ts';
import { getCard } from '../modules/card-access/card-access.service.ts';
import { earn } from '../modules/ledger/points.service.ts';
import { referralCodes, referralPrograms, referrals } from '../modules/referrals/referrals.table.ts';
import { demoCardId, demoCardNumbers, demoMember, demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';

/** Kopi Senja Rewards' referral program: members open it at /referral/{this id}. */
export const demoReferralId = '5eed0000-0000-4000-8000-000000000101';
/** Rani's code: her link is the landing page with ?ref=RANI2026. */
export const raniReferralCode = 'RANI2026';

const referrerReward = 100n;
const friendReward = 50n;

/**
 * The referral demo (docs/decisions/042-referrals.md): Kopi Senja pays 100 points for each friend's
 * first purchase and welcomes the friend with 50. Rani's list holds a friend who bought (her
 * commission paid), one who joined, one invited who has not yet, and Budi, a member already.
 * Seeding again changes nothing once Rani's list exists.
 */
export async function seedKopiSenjaReferrals(tx: Database, merchantId: number, { now, activationCodeKey }: Pick<SeedCardsOptions, 'now' | 'activationCodeKey'>): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await tx
    .insert(referralPrograms)
    .values({ id: demoReferralId, merchantId, programId: demoProgramIds.kopiSenjaRewards, referrerReward, friendReward, rewardOn: 'purchased', dailyRewardCap: 10, startsAt: daysAgo(60), endsAt: null, createdAt: daysAgo(60) })
    .onConflictDoNothing();
  const rani = await demoMember(tx, { merchantId, phone: '+6281211112222', name: 'Rani Saputra', now: daysAgo(120) });
  const [listed] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.referralProgramId, demoReferralId), eq(referrals.referrerUserId, rani)))
    .limit(1);
  if (listed) return;
  await tx.insert(referralCodes).values({ referralProgramId: demoReferralId, userId: rani, merchantId, code: raniReferralCode, createdAt: daysAgo(45) }).onConflictDoNothing();

  const friendJoined = async ({ phone, name, joinedDaysAgo }: { phone: string; name: string; joinedDaysAgo: number }) => {
    const userId = await demoMember(tx, { merchantId, phone, name, now: daysAgo(joinedDaysAgo) });
    const card = await issueCard({ db: tx, merchantId, programId: demoProgramIds.kopiSenjaRewards, activationCodeKey, ownerUserId: userId });
    await earn({ db: tx, merchantId, card, amount: friendReward, now: daysAgo(joinedDaysAgo), reference: `referral-welcome:${phone}`, description: 'Referral welcome' });
    return userId;
  };

  // Agus joined through Rani's link and bought three days later: Rani was paid her commission then.
  const agus = await friendJoined({ phone: '+6281255501002', name: 'Agus Pratama', joinedDaysAgo: 30 });
  const raniCard = await getCard({ db: tx, merchantId, cardId: demoCardId(demoCardNumbers.raniPoints) });
  const commission = await earn({ db: tx, merchantId, card: raniCard, amount: referrerReward, now: daysAgo(27), reference: 'referral:agus', description: 'Referral commission' });
  const dewi = await friendJoined({ phone: '+6281255501001', name: 'Dewi Lestari', joinedDaysAgo: 6 });

  await tx.insert(referrals).values([
    {
      merchantId,
      referralProgramId: demoReferralId,
      referrerUserId: rani,
      friendIdentifier: '+6281255501002',
      friendUserId: agus,
      state: 'purchased',
      commission: referrerReward,
      commissionPaidAt: daysAgo(27),
      commissionEntryId: commission.id,
      invitedAt: daysAgo(31),
      registeredAt: daysAgo(30),
      purchasedAt: daysAgo(27),
    },
    { merchantId, referralProgramId: demoReferralId, referrerUserId: rani, friendIdentifier: '+6281255501001', friendUserId: dewi, state: 'registered', invitedAt: daysAgo(7), registeredAt: daysAgo(6) },
    { merchantId, referralProgramId: demoReferralId, referrerUserId: rani, friendIdentifier: '+6281255501003', state: 'pending', invitedAt: daysAgo(2) },
    { merchantId, referralProgramId: demoReferralId, referrerUserId: rani, friendIdentifier: '+6281233334444', state: 'unavailable', unavailableReason: 'already-member', invitedAt: daysAgo(40) },
  ]);
}
