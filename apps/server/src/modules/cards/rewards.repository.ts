import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cards } from '../card-access/cards.table.ts';
import { cardRewards, programRewards, type CardRewardRow, type NewCardRewardRow, type ProgramRewardRow, type RewardKind } from './rewards.table.ts';

export async function findProgramReward(db: Database, { programId, kind }: { programId: string; kind: RewardKind }): Promise<ProgramRewardRow | undefined> {
  const [row] = await db
    .select()
    .from(programRewards)
    .where(and(eq(programRewards.programId, programId), eq(programRewards.kind, kind)))
    .limit(1);
  return row;
}

export async function insertCardReward(db: Database, row: NewCardRewardRow): Promise<CardRewardRow> {
  const [saved] = await db.insert(cardRewards).values(row).returning();
  if (!saved) throw new Error('The reward was not saved');
  return saved;
}

/** The card's rewards: claimable first, then newest. */
export async function findCardRewards(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<CardRewardRow[]> {
  return db
    .select()
    .from(cardRewards)
    .where(and(eq(cardRewards.merchantId, merchantId), eq(cardRewards.cardId, cardId)))
    .orderBy(asc(sql`${cardRewards.status} = 'claimed'`), desc(cardRewards.grantedAt), asc(cardRewards.id));
}

export async function countClaimableRewards(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(cardRewards)
    .where(and(eq(cardRewards.merchantId, merchantId), eq(cardRewards.cardId, cardId), eq(cardRewards.status, 'claimable')));
  return row?.value ?? 0;
}

/**
 * A reward of a card in the member's wallet, locked until the transaction ends so that two claims
 * of it run one after the other.
 */
export async function lockMemberReward(
  tx: Database,
  { merchantId, userId, rewardId }: { merchantId: number; userId: string; rewardId: string },
): Promise<CardRewardRow | undefined> {
  const [row] = await tx
    .select({ reward: cardRewards })
    .from(cardRewards)
    .innerJoin(cards, eq(cards.id, cardRewards.cardId))
    .where(and(eq(cardRewards.id, rewardId), eq(cardRewards.merchantId, merchantId), eq(cards.ownerUserId, userId)))
    .for('update', { of: cardRewards });
  return row?.reward;
}

export async function markRewardClaimed(tx: Database, { rewardId, now }: { rewardId: string; now: Date }): Promise<CardRewardRow> {
  const [saved] = await tx.update(cardRewards).set({ status: 'claimed', claimedAt: now }).where(eq(cardRewards.id, rewardId)).returning();
  if (!saved) throw new Error('The claimed reward vanished inside its transaction');
  return saved;
}
