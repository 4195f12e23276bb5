import { calendarDateIn, isLeapYear, type CalendarDate } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getCard } from '../card-access/card-access.service.ts';
import { cardPagePath } from '../card-access/card-pages.ts';
import { leaveMessage } from '../inbox/inbox.service.ts';
import { getLifetimeEarned } from '../ledger/ledger.service.ts';
import { getProgram, getProgramLevels } from '../programs/programs.service.ts';
import type { ProgramLevelRow } from '../programs/programs.table.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { listMerchantTimeZones } from '../tenancy/tenancy.service.ts';
import { findBirthdayCards, insertCardRewardsOnce } from './reward-grants.repository.ts';
import { findProgramReward } from './rewards.repository.ts';
import type { CardRewardRow, ProgramRewardRow } from './rewards.table.ts';

type CardOfMember = Pick<CardRow, 'id' | 'merchantId' | 'programId' | 'ownerUserId'>;

/**
 * Tells the card's member of a reward just granted, in the grant's transaction: what it is and what
 * it brings, on the card's page where rewards are claimed. A card nobody holds tells nobody.
 */
export async function tellRewardGranted(tx: Database, { card, reward, now }: { card: CardOfMember; reward: CardRewardRow; now: Date }): Promise<void> {
  if (!card.ownerUserId) return;
  const { program } = await getProgram({ db: tx, merchantId: card.merchantId, programId: card.programId });
  await leaveMessage(tx, {
    merchantId: card.merchantId,
    userId: card.ownerUserId,
    cardId: card.id,
    facts: { kind: 'reward_granted', reward: reward.kind, title: reward.title, points: toJsonNumber(reward.amount), unit: program.unit, programName: program.name },
    link: `${cardPagePath(card.id)}/claim-rewards`,
    now,
    onceKey: `reward_granted:${reward.id}`,
  });
}

/** Tells the card's member of each level the card just reached, once per level ever (`level_reached:<card>:<rank>`). */
async function tellLevelsReached(tx: Database, { card, levels, now }: { card: CardOfMember; levels: ProgramLevelRow[]; now: Date }): Promise<void> {
  if (!card.ownerUserId || levels.length === 0) return;
  const { program } = await getProgram({ db: tx, merchantId: card.merchantId, programId: card.programId });
  for (const level of levels) {
    await leaveMessage(tx, {
      merchantId: card.merchantId,
      userId: card.ownerUserId,
      cardId: card.id,
      facts: { kind: 'level_reached', levelName: level.name, programName: program.name },
      link: `${cardPagePath(card.id)}/levels`,
      now,
      onceKey: `level_reached:${card.id}:${level.rank}`,
    });
  }
}

/**
 * Decides the levels an earn of `earned` has just carried the card's lifetime earnings across
 * (lifetime before the earn < experience <= after): tells the card's member of each, and grants
 * the program's level-up reward for each when it offers one. Call right after the earn, in its
 * transaction: the earn keeps the card's ledger account locked, so the lifetime read here includes
 * it and no other earn of the card interleaves. Each level is granted once per card ever (grant key
 * `level:<id>`) and told once: earning a level again after a reversal took it away grants and
 * tells nothing. A jump over two levels grants and tells both.
 */
export async function grantLevelUpRewards({
  db,
  card,
  earned,
  now,
  offer: knownOffer,
}: {
  db: Database;
  card: CardRow;
  earned: bigint;
  now: Date;
  /** The program's level-up offer (null: it has none), when the caller has read it already. */
  offer?: ProgramRewardRow | null;
}): Promise<CardRewardRow[]> {
  if (earned <= 0n) return [];
  const levels = await getProgramLevels({ db, programId: card.programId });
  // A level of no experience is every card's from the start: nothing reaches it.
  if (!levels.some((level) => level.experience > 0n)) return [];
  const after = await getLifetimeEarned({ db, card });
  const before = after - earned;
  const crossed = levels.filter((level) => before < level.experience && level.experience <= after).sort((a, b) => a.rank - b.rank);
  if (crossed.length === 0) return [];
  await tellLevelsReached(db, { card, levels: crossed, now });
  const offer = knownOffer === undefined ? await findProgramReward(db, { programId: card.programId, kind: 'level-up' }) : knownOffer;
  if (!offer) return [];
  const granted = await insertCardRewardsOnce(
    db,
    crossed.map((level) => ({
      merchantId: card.merchantId,
      cardId: card.id,
      kind: 'level-up' as const,
      title: offer.title,
      amount: offer.amount,
      voucherTemplateId: offer.voucherTemplateId,
      grantedAt: now,
      grantKey: `level:${level.id}`,
    })),
  );
  for (const reward of granted) await tellRewardGranted(db, { card, reward, now });
  return granted;
}

/** The birthdays celebrated on a date: 29 February ones fall on 28 February in other years. */
export function birthdaysOn({ year, month, day }: CalendarDate): Array<{ month: number; day: number }> {
  if (month === 2 && day === 28 && !isLeapYear(year)) return [{ month, day }, { month: 2, day: 29 }];
  return [{ month, day }];
}

/**
 * Grants the program's birthday reward to each active card of every member whose birthday is today
 * in the merchant's time zone, at most once per card per year (grant key `birthday:<year>`), so
 * running it several times a day is harmless; each member is told in the grant's transaction.
 * Answers the rewards granted by this run.
 */
export async function grantBirthdayRewards({ db, now }: { db: Database; now: Date }): Promise<CardRewardRow[]> {
  const granted: CardRewardRow[] = [];
  for (const { merchantId, timeZone } of await listMerchantTimeZones({ db })) {
    const today = calendarDateIn(now, timeZone);
    const due = await findBirthdayCards(db, { merchantId, days: birthdaysOn(today) });
    const rows = due.map(({ cardId, title, amount, voucherTemplateId }) => ({
      merchantId,
      cardId,
      kind: 'birthday' as const,
      title,
      amount,
      voucherTemplateId,
      grantedAt: now,
      grantKey: `birthday:${today.year}`,
    }));
    await db.transaction(async (tx) => {
      const rewards = await insertCardRewardsOnce(tx, rows);
      for (const reward of rewards) await tellRewardGranted(tx, { card: await getCard({ db: tx, merchantId, cardId: reward.cardId }), reward, now });
      granted.push(...rewards);
    });
  }
  return granted;
}
