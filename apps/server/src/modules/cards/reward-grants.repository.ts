import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../auth/users.table.ts';
import { programs } from '../programs/programs.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { cardRewards, programRewards, type CardRewardRow, type NewCardRewardRow } from './rewards.table.ts';

/** Inserts the grants whose (card, grant key) has not been granted yet; answers only the new ones. */
export async function insertCardRewardsOnce(db: Database, rows: Array<NewCardRewardRow & { grantKey: string }>): Promise<CardRewardRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(cardRewards)
    .values(rows)
    .onConflictDoNothing({ target: [cardRewards.cardId, cardRewards.grantKey] })
    .returning();
}

export interface BirthdayCard {
  cardId: string;
  title: string;
  amount: bigint;
  voucherTemplateId: string | null;
}

/**
 * The merchant's active cards, in active programs offering a birthday reward, whose owner's
 * birthday falls on one of `days` (month and day, 1-based).
 */
export async function findBirthdayCards(db: Database, { merchantId, days }: { merchantId: number; days: Array<{ month: number; day: number }> }): Promise<BirthdayCard[]> {
  if (days.length === 0) return [];
  const onADay = sql.join(
    days.map(({ month, day }) => sql`(extract(month from ${users.birthday}) = ${month} and extract(day from ${users.birthday}) = ${day})`),
    sql` or `,
  );
  return db
    .select({ cardId: cards.id, title: programRewards.title, amount: programRewards.amount, voucherTemplateId: programRewards.voucherTemplateId })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.ownerUserId))
    .innerJoin(programs, eq(programs.id, cards.programId))
    .innerJoin(programRewards, and(eq(programRewards.programId, cards.programId), eq(programRewards.kind, 'birthday')))
    .where(and(eq(cards.merchantId, merchantId), eq(cards.status, 'active'), eq(programs.status, 'active'), isNotNull(users.birthday), sql`(${onADay})`))
    .orderBy(cards.id);
}
