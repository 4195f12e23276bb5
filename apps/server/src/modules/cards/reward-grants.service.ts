import { calendarDateIn, isLeapYear, type CalendarDate } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';
import { getLifetimeEarned } from '../ledger/ledger.service.ts';
import { getProgramLevels } from '../programs/programs.service.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { listMerchantTimeZones } from '../tenancy/tenancy.service.ts';
import { findBirthdayCards, insertCardRewardsOnce } from './reward-grants.repository.ts';
import { findProgramReward } from './rewards.repository.ts';
import type { CardRewardRow, ProgramRewardRow } from './rewards.table.ts';

/**
 * Grants the program's level-up reward for every level whose experience an earn of `earned` has
 * just carried the card's lifetime earnings across (lifetime before the earn < experience <= after).
 * Call right after the earn, in its transaction: the earn keeps the card's ledger account locked,
 * so the lifetime read here includes it and no other earn of the card interleaves. Each level is
 * granted once per card ever (grant key `level:<id>`): earning a level again after a reversal
 * took it away grants nothing. A jump over two levels grants both.
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
  const offer = knownOffer === undefined ? await findProgramReward(db, { programId: card.programId, kind: 'level-up' }) : knownOffer;
  if (!offer) return [];
  const after = await getLifetimeEarned({ db, card });
  const before = after - earned;
  const crossed = (await getProgramLevels({ db, programId: card.programId })).filter((level) => before < level.experience && level.experience <= after);
  return insertCardRewardsOnce(
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
}

/** The birthdays celebrated on a date: 29 February ones fall on 28 February in other years. */
export function birthdaysOn({ year, month, day }: CalendarDate): Array<{ month: number; day: number }> {
  if (month === 2 && day === 28 && !isLeapYear(year)) return [{ month, day }, { month: 2, day: 29 }];
  return [{ month, day }];
}

/**
 * Grants the program's birthday reward to each active card of every member whose birthday is today
 * in the merchant's time zone, at most once per card per year (grant key `birthday:<year>`), so
 * running it several times a day is harmless. Answers the rewards granted by this run.
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
    granted.push(...(await insertCardRewardsOnce(db, rows)));
  }
  return granted;
}
