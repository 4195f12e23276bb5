import type { BalanceUnit, Reward } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { countClaimableRewards, findCardRewards, findProgramReward, insertCardReward, lockMemberReward, markRewardClaimed } from './rewards.repository.ts';
import type { CardRewardRow, ProgramRewardRow, RewardKind } from './rewards.table.ts';
import { getMemberCard, type MemberCardOptions } from '../card-access/card-access.service.ts';
import { tellRewardGranted } from './reward-grants.service.ts';

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

/** Grants the card the program's reward of a kind, if the program offers one, and tells its member; call inside the granting transaction. */
export async function grantProgramReward({ db, card, kind, now }: { db: Database; card: CardRow; kind: RewardKind; now: Date }): Promise<CardRewardRow | undefined> {
  const offer = await getProgramOffer({ db, programId: card.programId, kind });
  if (!offer) return undefined;
  const reward = await insertCardReward(db, { merchantId: card.merchantId, cardId: card.id, kind, title: offer.title, amount: offer.amount, voucherTemplateId: offer.voucherTemplateId, grantedAt: now });
  await tellRewardGranted(db, { card, reward, now });
  return reward;
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

/**
 * The member's reward, locked until the claim's transaction ends (so of two claims racing for it
 * exactly one goes on), with its card; refused when it is not the member's or claimed already.
 */
export async function takeRewardToClaim(tx: Database, { merchantId, userId, rewardId }: { merchantId: number; userId: string; rewardId: string }): Promise<{ reward: CardRewardRow; card: CardRow }> {
  const reward = await lockMemberReward(tx, { merchantId, userId, rewardId });
  if (!reward) throw new AppError('NOT_FOUND', { message: 'Reward not found' });
  if (reward.status === 'claimed') throw new AppError('REWARD_ALREADY_CLAIMED');
  const card = await getMemberCard({ db: tx, merchantId, userId, cardId: reward.cardId });
  return { reward, card };
}

/** Marks a reward taken by takeRewardToClaim as claimed, in the same transaction. */
export function markClaimed(tx: Database, { rewardId, now }: { rewardId: string; now: Date }): Promise<CardRewardRow> {
  return markRewardClaimed(tx, { rewardId, now });
}
