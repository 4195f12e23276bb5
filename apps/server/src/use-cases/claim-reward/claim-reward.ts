import type { BalanceUnit, Reward } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { grantLevelUpRewards } from '../../modules/cards/reward-grants.service.ts';
import { markClaimed, takeRewardToClaim, toReward } from '../../modules/cards/rewards.service.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { issueVouchersOfTemplates } from '../../modules/vouchers/voucher-issuing.service.ts';
import { assertMembershipActive } from '../../modules/subscriptions/membership.service.ts';

/*
 * Claiming a reward (spec: app-core §7 api/my_vouchers/claim): the card's reward, the ledger's
 * earn, the level it may reach, and the e-voucher it may bring, in one transaction.
 */

export interface ClaimRewardOptions {
  db: Database;
  merchantId: number;
  userId: string;
  rewardId: string;
  now: Date;
}

/**
 * Claims a reward into its card's balance, once. The reward row stays locked from the check to the
 * update, so of two claims racing for it exactly one posts the earn and the other sees it claimed.
 */
export async function claimReward({ db, merchantId, userId, rewardId, now }: ClaimRewardOptions): Promise<{ reward: Reward; balance: { amount: number; unit: BalanceUnit } }> {
  return db.transaction(async (tx) => {
    const { reward, card } = await takeRewardToClaim(tx, { merchantId, userId, rewardId });
    await assertMembershipActive({ db: tx, merchantId, card, now });
    const { program } = await getProgram({ db: tx, merchantId, programId: card.programId });
    if (reward.amount > 0n) {
      await earn({
        db: tx,
        now,
        merchantId,
        card,
        amount: reward.amount,
        description: reward.title,
        metadata: { source: 'reward', rewardId: reward.id },
      });
      // A claim is an earn and counts toward levels like any other, so it may reach a level and grant
      // that level's reward. This never chains on its own: a grant only adds a claimable reward (no
      // earn), and each level grants once per card ever, so claims can grant at most one per level.
      await grantLevelUpRewards({ db: tx, card, earned: reward.amount, now });
    }
    // A reward may bring an e-voucher too (or only one): issued once, keyed by the reward.
    if (reward.voucherTemplateId) {
      await issueVouchersOfTemplates(tx, {
        merchantId,
        holder: { userId, cardId: card.id },
        source: { type: 'reward', id: reward.id },
        templates: [{ templateId: reward.voucherTemplateId, quantity: 1 }],
        now,
      });
    }
    const claimed = await markClaimed(tx, { rewardId: reward.id, now });
    const balance = await getBalance({ db: tx, card, now });
    return { reward: toReward(claimed, program.unit), balance: { amount: toJsonNumber(balance), unit: program.unit } };
  });
}
