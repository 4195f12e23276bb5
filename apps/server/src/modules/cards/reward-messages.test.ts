import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PurchaseBody } from '@kartu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { voidPurchase } from '../../integration/purchases.service.ts';
import { demoCardNumbers } from '../../seed/seed-cards.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { requestHash } from '../idempotency/request-hash.ts';
import { contentOf, messagesOf, whileRefusing } from '../inbox/inbox.test-support.ts';
import type { InboxMessageRow } from '../inbox/inbox.table.ts';
import { users } from '../auth/users.table.ts';
import { getCardByNumber, issueCard } from './cards.service.ts';
import { getLifetimeEarned } from '../ledger/ledger.service.ts';
import { earn } from '../ledger/points.service.ts';
import { programLevels } from '../programs/programs.table.ts';
import { PurchaseStatement } from '../../use-cases/record-purchase/purchase-statement.ts';
import { claimReward } from '../../use-cases/claim-reward/claim-reward.ts';
import { newProgram, send } from './cards.test-support.ts';
import { grantBirthdayRewards } from './reward-grants.service.ts';
import { findCardRewards } from './rewards.repository.ts';
import { cardRewards, programRewards, type RewardKind } from './rewards.table.ts';

// The messages that tell a member of a reward granted and of a level reached, left with their event.

let testApp: TestApp;
let merchantId: number;
let till: IntegrationClient;
let statement: PurchaseStatement;
let bills = 0;
useTestApp((made) => ({ testApp, merchantId } = made));

beforeAll(async () => {
  till = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Till' })).key });
  statement = new PurchaseStatement(testApp.db);
});
afterAll(() => statement.close());

const levels = [
  { name: 'Bronze', rank: 1, experience: 0n },
  { name: 'Silver', rank: 2, experience: 500n },
  { name: 'Gold', rank: 3, experience: 2000n },
];

/** A points program of 1 point per 1,000 spent, with Bronze, Silver at 500 and Gold at 2,000, and these offers. */
async function programWith(offers: Array<[RewardKind, bigint]> = []) {
  const program = await newProgram(testApp, merchantId, { name: 'Kopi Points', earnRateNumerator: 1n, earnRateDenominator: 1000n, expiryPolicy: 'none', expiryDays: null }, levels);
  for (const [kind, amount] of offers) await testApp.db.insert(programRewards).values({ merchantId, programId: program.id, kind, title: `${kind} bonus`, amount });
  return program;
}

/** A member holding a card of the program that has earned `points` already. */
async function holder(programId: string, points = 0n): Promise<{ member: TestMember; card: Awaited<ReturnType<typeof issueCard>> }> {
  const member = await newMember(testApp);
  const card = await issueCard({ db: testApp.db, merchantId, programId, ownerUserId: member.userId });
  if (points > 0n) await earn({ db: testApp.db, merchantId, card, amount: points, now: testApp.clock.now() });
  return { member, card };
}

const bill = (cardNumber: string, points: bigint): PurchaseBody => ({ cardNumber, amount: Number(points) * 1000, billNumber: `LEVEL-${(bills += 1)}-${randomUUID().slice(0, 8)}` });
const purchase = (body: PurchaseBody) => till.POST('/integration/v1/purchases', { params: { header: { 'idempotency-key': newWriteKey() } }, body });
const ofKind = (rows: InboxMessageRow[], kind: string) => rows.filter((row) => row.facts.kind === kind);

describe('level_reached', () => {
  it('is left once when a purchase lifts Rani from Silver to Gold, though the common purchase takes one statement', async () => {
    const rani = await getCardByNumber({ db: testApp.db, merchantId, number: demoCardNumbers.raniPoints });
    const lifetime = await getLifetimeEarned({ db: testApp.db, card: rani });
    expect(lifetime).toBeGreaterThanOrEqual(500n);
    expect(lifetime).toBeLessThan(2000n);
    const userId = rani.ownerUserId ?? '';
    const before = new Set((await messagesOf(testApp, userId)).map((row) => row.id));

    expect((await purchase(bill(rani.number, 2000n - lifetime))).response.status).toBe(201);
    expect((await purchase(bill(rani.number, 30n))).response.status).toBe(201);
    const left = (await messagesOf(testApp, userId)).filter((row) => !before.has(row.id));
    expect(ofKind(left, 'points_earned')).toHaveLength(2);
    expect(ofKind(left, 'level_reached').map(contentOf)).toEqual([
      { merchantId, userId, cardId: rani.id, facts: { kind: 'level_reached', levelName: 'Gold', programName: 'Kopi Senja Rewards' }, link: `/cards/${rani.id}/levels`, readAt: null, deletedAt: null },
    ]);
    expect(ofKind(left, 'level_reached')[0]?.onceKey).toBe(`level_reached:${rani.id}:3`);
  });

  it('tells each level one purchase jumps over, and a level once ever, even when a void takes it back and it is reached again', async () => {
    const program = await programWith();
    const { member, card } = await holder(program.id, 10n);
    const jump = bill(card.number, 2100n);
    expect((await purchase(jump)).response.status).toBe(201);
    // Both written at the same moment: compared in rank order.
    expect(ofKind(await messagesOf(testApp, member.userId), 'level_reached').map((row) => [row.onceKey, row.facts]).sort()).toEqual([
      [`level_reached:${card.id}:2`, { kind: 'level_reached', levelName: 'Silver', programName: 'Kopi Points' }],
      [`level_reached:${card.id}:3`, { kind: 'level_reached', levelName: 'Gold', programName: 'Kopi Points' }],
    ]);
    await voidPurchase({ db: testApp.db, merchantId, billNumber: jump.billNumber, reason: 'Wrong card', now: testApp.clock.now() });
    expect((await purchase(bill(card.number, 2100n))).response.status).toBe(201);
    expect(ofKind(await messagesOf(testApp, member.userId), 'level_reached')).toHaveLength(2);
  });

  it('is left with the level-up reward it brings, and by a claimed reward that reaches a level', async () => {
    const program = await programWith([['level-up', 100n]]);
    const { member, card } = await holder(program.id, 450n);
    expect((await purchase(bill(card.number, 60n))).response.status).toBe(201);
    const [reward] = await findCardRewards(testApp.db, { merchantId, cardId: card.id });
    expect(ofKind(await messagesOf(testApp, member.userId), 'level_reached').map((row) => row.facts)).toEqual([{ kind: 'level_reached', levelName: 'Silver', programName: 'Kopi Points' }]);
    expect(ofKind(await messagesOf(testApp, member.userId), 'reward_granted').map((row) => [row.facts, row.link, row.onceKey])).toEqual([
      [{ kind: 'reward_granted', reward: 'level-up', title: 'level-up bonus', points: 100, unit: 'POINT', programName: 'Kopi Points' }, `/cards/${card.id}/claim-rewards`, `reward_granted:${reward?.id}`],
    ]);

    // Claimed, the reward is an earn: 1,995 lifetime points, then a reward of 10 more reaches Gold.
    await claimReward({ db: testApp.db, merchantId, userId: member.userId, rewardId: reward?.id ?? '', now: testApp.clock.now() });
    await earn({ db: testApp.db, merchantId, card, amount: 1_385n, now: testApp.clock.now() });
    const [bonus] = await testApp.db.insert(cardRewards).values({ merchantId, cardId: card.id, kind: 'welcome', title: 'Goodwill', amount: 10n, grantedAt: testApp.clock.now() }).returning();
    await claimReward({ db: testApp.db, merchantId, userId: member.userId, rewardId: bonus?.id ?? '', now: testApp.clock.now() });
    expect(ofKind(await messagesOf(testApp, member.userId), 'level_reached').map((row) => row.onceKey).sort()).toEqual([`level_reached:${card.id}:2`, `level_reached:${card.id}:3`]);
    expect(ofKind(await messagesOf(testApp, member.userId), 'reward_granted')).toHaveLength(2);
  });

  it('is not left when the purchase does not commit', async () => {
    const program = await programWith([['level-up', 100n]]);
    const { member, card } = await holder(program.id, 490n);
    const failed = await whileRefusing(testApp, { table: 'idempotency_keys', when: "new.status = 'done'" }, () => purchase(bill(card.number, 20n)));
    expect(failed.response.status).toBe(500);
    expect(await messagesOf(testApp, member.userId)).toEqual([]);
    expect(await findCardRewards(testApp.db, { merchantId, cardId: card.id })).toEqual([]);
  });

  it('leaves the one-statement purchase to an earn that carries the card across no level, and the others to the general path', async () => {
    const program = await programWith();
    const { card: climbing } = await holder(program.id, 1_000n);
    const { card: atTop } = await holder(program.id, 2_500n);
    const input = (body: PurchaseBody) => ({ merchantId, scope: 'integration.purchases', key: randomUUID(), requestHash: requestHash({ params: {}, body }), body, now: testApp.clock.now() });
    expect(await statement.record(input(bill(climbing.number, 5n)))).toMatchObject({ statusCode: 201 });
    // 1,005 + 995 reaches Gold at 2,000: the general path tells it.
    expect(await statement.record(input(bill(climbing.number, 995n)))).toBeNull();
    expect(await statement.record(input(bill(atTop.number, 5n)))).toMatchObject({ statusCode: 201 });
    // A level above the top the statement knows, added meanwhile: the statement writes nothing, and the general path tells it.
    await testApp.db.insert(programLevels).values({ programId: program.id, name: 'Platinum', rank: 4, experience: 2_600n });
    expect(await statement.record(input(bill(atTop.number, 200n)))).toBeNull();
  });
});

describe('reward_granted', () => {
  it('tells the member of the welcome reward when the card is added, and neither is kept when adding it fails', async () => {
    const program = await programWith([['welcome', 50n]]);
    const member = await newMember(testApp);
    const card = await issueCard({ db: testApp.db, merchantId, programId: program.id });
    await testApp.db.execute(sql`create function test_refuse_message() returns trigger language plpgsql as $$ begin raise exception 'the instance died'; end $$`);
    await testApp.db.execute(sql`create trigger test_refuse_message after insert on inbox_messages for each row execute function test_refuse_message()`);
    try {
      expect((await send(testApp, 'POST', '/api/v2/cards/register', { member, body: { number: card.number } })).statusCode).toBe(500);
    } finally {
      await testApp.db.execute(sql`drop trigger test_refuse_message on inbox_messages`);
      await testApp.db.execute(sql`drop function test_refuse_message()`);
    }
    expect(await findCardRewards(testApp.db, { merchantId, cardId: card.id })).toEqual([]);

    expect((await send(testApp, 'POST', '/api/v2/cards/register', { member, body: { number: card.number } })).statusCode).toBe(201);
    const [reward] = await findCardRewards(testApp.db, { merchantId, cardId: card.id });
    expect((await messagesOf(testApp, member.userId)).map(contentOf)).toEqual([
      {
        merchantId,
        userId: member.userId,
        cardId: card.id,
        facts: { kind: 'reward_granted', reward: 'welcome', title: 'welcome bonus', points: 50, unit: 'POINT', programName: 'Kopi Points' },
        link: `/cards/${card.id}/claim-rewards`,
        readAt: null,
        deletedAt: null,
      },
    ]);
    expect(reward?.kind).toBe('welcome');
  });

  it("tells each member of the birthday reward once a year, in the grant's transaction", async () => {
    const program = await programWith([['birthday', 20n]]);
    // The test clock reads 2026-01-15 in Jakarta.
    const { member, card } = await holder(program.id);
    await testApp.db.update(users).set({ birthday: '1994-01-15' }).where(eq(users.id, member.userId));
    await grantBirthdayRewards({ db: testApp.db, now: testApp.clock.now() });
    await grantBirthdayRewards({ db: testApp.db, now: testApp.clock.now() });
    const told = ofKind(await messagesOf(testApp, member.userId), 'reward_granted');
    expect(told.map((row) => [row.cardId, row.facts])).toEqual([[card.id, { kind: 'reward_granted', reward: 'birthday', title: 'birthday bonus', points: 20, unit: 'POINT', programName: 'Kopi Points' }]]);
    const rewards = await testApp.db.select().from(cardRewards).where(and(eq(cardRewards.cardId, card.id), eq(cardRewards.kind, 'birthday')));
    expect(told[0]?.onceKey).toBe(`reward_granted:${rewards[0]?.id}`);
  });
});

