import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { voidPurchase } from '../../integration/purchases.service.ts';
import { recordPurchaseInTransaction } from '../../use-cases/record-purchase/record-purchase.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { users } from '../auth/users.table.ts';

import type { ProgramLevelRow } from '../programs/programs.table.ts';
import { getProgramLevels } from '../programs/programs.service.ts';
import { issueCard } from './cards.service.ts';
import { newMember } from '../../test/members.ts';
import { newProgram } from './cards.test-support.ts';
import { calendarDateIn } from '@kartu/core/calendar';
import { birthdaysOn, grantBirthdayRewards } from './reward-grants.service.ts';
import { findCardRewards } from './rewards.repository.ts';
import { claimReward } from '../../use-cases/claim-reward/claim-reward.ts';
import { programRewards, type RewardKind } from './rewards.table.ts';

let testApp: TestApp;
let merchantId: number;
let billCount = 0;
useTestApp((made) => ({ testApp, merchantId } = made));

/** A points program earning 1 point per unit spent, with the given levels and reward offers. */
async function programWith({ levels = [], offers = [] }: { levels?: Array<[string, bigint]>; offers?: Array<[RewardKind, bigint]> }) {
  const program = await newProgram(
    testApp,
    merchantId,
    { expiryPolicy: 'none', expiryDays: null },
    levels.map(([name, experience], index) => ({ name, rank: index + 1, experience })),
  );
  for (const [kind, amount] of offers) {
    await testApp.db.insert(programRewards).values({ merchantId, programId: program.id, kind, title: `${kind} bonus`, amount });
  }
  return { program, levels: await getProgramLevels({ db: testApp.db, programId: program.id }) };
}

async function memberCard(programId: string, { status = 'active' as const, birthday }: { status?: 'active' | 'suspended'; birthday?: string } = {}) {
  const member = await newMember(testApp);
  if (birthday) await testApp.db.update(users).set({ birthday }).where(eq(users.id, member.userId));
  const card = await issueCard({ db: testApp.db, merchantId, programId, ownerUserId: member.userId, status });
  return { member, card };
}

async function purchase(cardNumber: string, amount: bigint, billNumber = `BILL-${++billCount}`) {
  return testApp.db.transaction((tx) => recordPurchaseInTransaction({ tx, merchantId, now: testApp.clock.now(), cardNumber, amount, billNumber }));
}

const rewardsOf = (cardId: string) => findCardRewards(testApp.db, { merchantId, cardId });
const levelKey = (levels: ProgramLevelRow[], name: string) => `level:${levels.find((level) => level.name === name)?.id}`;

describe('level-up rewards', () => {
  it("grants the level-up offer once when a purchase carries lifetime earnings across a level's experience", async () => {
    const { levels, program } = await programWith({ levels: [['Bronze', 0n], ['Silver', 100n], ['Gold', 300n]], offers: [['level-up', 25n]] });
    const { card } = await memberCard(program.id);

    await purchase(card.number, 99n);
    expect(await rewardsOf(card.id)).toEqual([]);
    await purchase(card.number, 1n);
    expect((await rewardsOf(card.id)).map(({ kind, amount, grantKey, status }) => ({ kind, amount, grantKey, status }))).toEqual([
      { kind: 'level-up', amount: 25n, grantKey: levelKey(levels, 'Silver'), status: 'claimable' },
    ]);
    await purchase(card.number, 150n);
    expect(await rewardsOf(card.id)).toHaveLength(1);
  });

  it('grants a level only once per card, even when a void takes the level away and it is earned again', async () => {
    const { levels, program } = await programWith({ levels: [['Bronze', 0n], ['Silver', 100n]], offers: [['level-up', 25n]] });
    const { card } = await memberCard(program.id);
    await purchase(card.number, 120n, `VOID-${program.id}`);
    await voidPurchase({ db: testApp.db, merchantId, billNumber: `VOID-${program.id}`, reason: 'Wrong card', now: testApp.clock.now() });
    await purchase(card.number, 120n);
    expect((await rewardsOf(card.id)).map((reward) => reward.grantKey)).toEqual([levelKey(levels, 'Silver')]);
  });

  it('grants every level one purchase jumps over', async () => {
    const { levels, program } = await programWith({ levels: [['Silver', 100n], ['Gold', 300n], ['Platinum', 1000n]], offers: [['level-up', 10n]] });
    const { card } = await memberCard(program.id);
    await purchase(card.number, 400n);
    expect((await rewardsOf(card.id)).map((reward) => reward.grantKey).sort()).toEqual([levelKey(levels, 'Gold'), levelKey(levels, 'Silver')].sort());
  });

  it('grants nothing in a program without a level-up offer', async () => {
    const { program } = await programWith({ levels: [['Silver', 100n]], offers: [['welcome', 10n]] });
    const { card } = await memberCard(program.id);
    await purchase(card.number, 500n);
    expect(await rewardsOf(card.id)).toEqual([]);
  });

  it('grants nothing when the purchase is refused: the grant shares the purchase transaction', async () => {
    const { program } = await programWith({ levels: [['Silver', 100n]], offers: [['level-up', 10n]] });
    const first = await memberCard(program.id);
    const second = await memberCard(program.id);
    const billNumber = `DUP-${program.id}`;
    await purchase(first.card.number, 10n, billNumber);
    await expect(purchase(second.card.number, 500n, billNumber)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await rewardsOf(second.card.id)).toEqual([]);
  });

  it('lets a claimed reward reach the next level, granting that level once and no more', async () => {
    const { levels, program } = await programWith({ levels: [['Silver', 100n], ['Gold', 150n]], offers: [['level-up', 60n]] });
    const { member, card } = await memberCard(program.id);
    await purchase(card.number, 100n);
    const [silver] = await rewardsOf(card.id);
    if (!silver) throw new Error('Silver was not granted');

    const claim = (rewardId: string) => claimReward({ db: testApp.db, merchantId, userId: member.userId, rewardId, now: testApp.clock.now() });
    await claim(silver.id);
    const afterSilver = await rewardsOf(card.id);
    const gold = afterSilver.find((reward) => reward.grantKey === levelKey(levels, 'Gold'));
    expect(gold?.status).toBe('claimable');
    await claim(gold?.id ?? '');
    const final = await rewardsOf(card.id);
    expect(final.map((reward) => `${reward.grantKey} ${reward.status}`).sort()).toEqual([`${levelKey(levels, 'Gold')} claimed`, `${levelKey(levels, 'Silver')} claimed`].sort());
  });
});

describe('birthday rewards', () => {
  // 2026-03-09 18:00 UTC is already 10 March in Jakarta, the demo merchant's time zone.
  const jakartaMorningOf10March = new Date('2026-03-09T18:00:00.000Z');

  it("grants on the member's birthday in the merchant's time zone, once per card per year", async () => {
    const { program } = await programWith({ offers: [['birthday', 30n]] });
    const birthdayToday = await memberCard(program.id, { birthday: '1990-03-10' });
    const birthdayInUtc = await memberCard(program.id, { birthday: '1990-03-09' });
    const suspended = await memberCard(program.id, { birthday: '1990-03-10', status: 'suspended' });
    const noBirthday = await memberCard(program.id);

    const granted = await grantBirthdayRewards({ db: testApp.db, now: jakartaMorningOf10March });
    expect(granted.filter((reward) => [birthdayToday, birthdayInUtc, suspended, noBirthday].some(({ card }) => card.id === reward.cardId))).toMatchObject([
      { cardId: birthdayToday.card.id, kind: 'birthday', amount: 30n, title: 'birthday bonus', grantKey: 'birthday:2026' },
    ]);

    const later = new Date(jakartaMorningOf10March.getTime() + 6 * 60 * 60 * 1000);
    expect((await grantBirthdayRewards({ db: testApp.db, now: later })).filter((reward) => reward.cardId === birthdayToday.card.id)).toEqual([]);
    const nextYear = await grantBirthdayRewards({ db: testApp.db, now: new Date('2027-03-09T18:00:00.000Z') });
    expect(nextYear.filter((reward) => reward.cardId === birthdayToday.card.id).map((reward) => reward.grantKey)).toEqual(['birthday:2027']);
    expect(await rewardsOf(birthdayToday.card.id)).toHaveLength(2);
    expect(await rewardsOf(suspended.card.id)).toEqual([]);
  });

  it('grants nothing for a program without a birthday offer', async () => {
    const { program } = await programWith({ offers: [['welcome', 10n]] });
    const { card } = await memberCard(program.id, { birthday: '1985-03-10' });
    await grantBirthdayRewards({ db: testApp.db, now: jakartaMorningOf10March });
    expect(await rewardsOf(card.id)).toEqual([]);
  });

  it('celebrates 29 February birthdays on 28 February outside leap years', () => {
    expect(birthdaysOn({ year: 2027, month: 2, day: 28 })).toEqual([{ month: 2, day: 28 }, { month: 2, day: 29 }]);
    expect(birthdaysOn({ year: 2028, month: 2, day: 28 })).toEqual([{ month: 2, day: 28 }]);
    expect(calendarDateIn(jakartaMorningOf10March, 'Asia/Jakarta')).toEqual({ year: 2026, month: 3, day: 10 });
    expect(calendarDateIn(jakartaMorningOf10March, 'UTC')).toEqual({ year: 2026, month: 3, day: 9 });
  });

  it('grants a 29 February birthday on 28 February 2027 in the database query too', async () => {
    const { program } = await programWith({ offers: [['birthday', 30n]] });
    const { card } = await memberCard(program.id, { birthday: '2000-02-29' });
    await grantBirthdayRewards({ db: testApp.db, now: new Date('2027-02-28T05:00:00.000Z') });
    expect((await rewardsOf(card.id)).map((reward) => reward.grantKey)).toEqual(['birthday:2027']);
  });
});
