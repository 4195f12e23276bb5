import type { BalanceUnit, Reward } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { earn } from '../ledger/points.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import { issueVouchersOfTemplates } from '../vouchers/voucher-issuing.service.ts';
import type { CardRow } from './cards.table.ts';
import { getMemberCard, type MemberCardOptions } from './member-card.service.ts';
import { grantLevelUpRewards } from './reward-grants.service.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { countClaimableRewards, findCardRewards, findProgramReward, insertCardReward, lockMemberReward, markRewardClaimed } from './rewards.repository.ts';
import type { CardRewardRow, ProgramRewardRow, RewardKind } from './rewards.table.ts';
import { assertMembershipActive } from '../subscriptions/card-subscription.service.ts';

export function toReward(row: CardRewardRow, unit: BalanceUnit): Reward {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    amount: toJsonNumber(row.amount),
    unit,
    withVoucher: row.voucherTemplateId !== null,
    status: row.status,
    grantedAt: row.grantedAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
}

/** What the program grants for a kind of reward, if it offers one. */
export async function getProgramOffer({ db, programId, kind }: { db: Database; programId: string; kind: RewardKind }): Promise<ProgramRewardRow | undefined> {
  return findProgramReward(db, { programId, kind });
}

/** Grants the card the program's reward of a kind, if the program offers one; call inside the granting transaction. */
export async function grantProgramReward({ db, card, kind, now }: { db: Database; card: CardRow; kind: RewardKind; now: Date }): Promise<CardRewardRow | undefined> {
  const offer = await getProgramOffer({ db, programId: card.programId, kind });
  if (!offer) return undefined;
  return insertCardReward(db, { merchantId: card.merchantId, cardId: card.id, kind, title: offer.title, amount: offer.amount, voucherTemplateId: offer.voucherTemplateId, grantedAt: now });
}

/** How many rewards of the card wait to be claimed: the card page's badge. */
export function countRewardsToClaim({ db, merchantId, cardId }: { db: Database; merchantId: number; cardId: string }): Promise<number> {
  return countClaimableRewards(db, { merchantId, cardId });
}

export async function listRewards(options: MemberCardOptions): Promise<Reward[]> {
  const card = await getMemberCard(options);
  const { program } = await getProgram({ db: options.db, merchantId: card.merchantId, programId: card.programId });
  const rows = await findCardRewards(options.db, { merchantId: card.merchantId, cardId: card.id });
  return rows.map((row) => toReward(row, program.unit));
}

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
    const reward = await lockMemberReward(tx, { merchantId, userId, rewardId });
    if (!reward) throw new AppError('NOT_FOUND', { message: 'Reward not found' });
    if (reward.status === 'claimed') throw new AppError('REWARD_ALREADY_CLAIMED');
    const card = await getMemberCard({ db: tx, merchantId, userId, cardId: reward.cardId });
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
    const claimed = await markRewardClaimed(tx, { rewardId: reward.id, now });
    const balance = await getBalance({ db: tx, card, now });
    return { reward: toReward(claimed, program.unit), balance: { amount: toJsonNumber(balance), unit: program.unit } };
  });
}
