import { and, eq } from 'drizzle-orm';
import { outboxMessages } from '../../modules/outbox/outbox-messages.table.ts';
import { upsertSubscription } from '../../modules/push/push.repository.ts';
import { fakeEndpoint, subscriptionOf } from '../../modules/push/push.test-support.ts';
import type { PurchaseBody } from '@kartu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, type CardRow } from '../../modules/card-access/cards.table.ts';
import { newCard } from '../../modules/cards/cards.test-support.ts';
import { requestHash } from '../../modules/idempotency/request-hash.ts';
import { contentOf, messagesOf, whileRefusing } from '../../modules/inbox/inbox.test-support.ts';
import { inboxMessages, type InboxMessageRow } from '../../modules/inbox/inbox.table.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { merchantSetup } from '../../integration/integration.test-support.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PurchaseStatement } from './purchase-statement.ts';
import { recordPurchaseInTransaction } from './record-purchase.ts';

// The points_earned message of a purchase: the one statement and the general path leave the same one.

let testApp: TestApp;
let setup: Awaited<ReturnType<typeof merchantSetup>>;
let statement: PurchaseStatement;
let till: IntegrationClient;
let sequence = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  // 1 point per 1,000 spent.
  setup = await merchantSetup(testApp, { cards: 2, program: { name: 'Kopi Points' } });
  statement = new PurchaseStatement(testApp.db);
  till = await integrationClient(testApp, { key: setup.key });
});
afterAll(async () => {
  statement.close();
  await testApp.close();
});

const bill = (cardNumber: string, amount = 25_000): PurchaseBody => ({ cardNumber, amount, billNumber: `BILL-${(sequence += 1)}` });
const purchase = (body: PurchaseBody, key = newWriteKey()) => till.POST('/integration/v1/purchases', { params: { header: { 'idempotency-key': key } }, body });

/** A member's card of the program, and whether it has earned before: only then may the one statement take its purchases. */
async function heldCard({ earned }: { earned: boolean }): Promise<{ member: TestMember; card: CardRow }> {
  const member = await newMember(testApp);
  const card = await newCard(testApp, { merchantId: setup.merchantId, programId: setup.program.id, owner: member });
  if (earned) await earn({ db: testApp.db, merchantId: setup.merchantId, card, amount: 1n, now: testApp.clock.now() });
  return { member, card };
}

const messagesOfCard = (cardId: string) => testApp.db.select().from(inboxMessages).where(eq(inboxMessages.cardId, cardId));

describe("a purchase's message to the card's member", () => {
  it('is left once by the general path, with what the purchase earned and the balance it answered', async () => {
    const { member, card } = await heldCard({ earned: false });
    const key = newWriteKey();
    const body = bill(card.number);
    const first = await purchase(body, key);
    const retry = await purchase(body, key);
    expect(first.response.status).toBe(201);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect((await messagesOf(testApp, member.userId)).map(contentOf)).toEqual([
      {
        merchantId: setup.merchantId,
        userId: member.userId,
        cardId: card.id,
        facts: { kind: 'points_earned', points: 25, unit: 'POINT', balance: first.data?.balance, programName: 'Kopi Points' },
        link: `/cards/${card.id}`,
        readAt: null,
        deletedAt: null,
      },
    ]);
  });

  it('is the same from the one statement as from the general path', async () => {
    const quick = await heldCard({ earned: true });
    const general = await heldCard({ earned: true });
    const body = bill(quick.card.number);
    const answer = await statement.record({ merchantId: setup.merchantId, scope: 'integration.purchases', key: newWriteKey(), requestHash: requestHash({ params: {}, body }), body, now: testApp.clock.now() });
    expect(answer?.body).toMatchObject({ earned: 25, balance: 26 });
    const { merchantId } = setup;
    await testApp.db.transaction((tx) => recordPurchaseInTransaction({ tx, merchantId, now: testApp.clock.now(), cardNumber: general.card.number, amount: 25_000n, billNumber: `BILL-${(sequence += 1)}` }));
    const [byStatement] = await messagesOf(testApp, quick.member.userId);
    const [byTransaction] = await messagesOf(testApp, general.member.userId);
    expect(byStatement).toMatchObject({ userId: quick.member.userId, cardId: quick.card.id, link: `/cards/${quick.card.id}`, facts: { points: 25, balance: 26 } });
    const comparable = (row: InboxMessageRow | undefined) => row && { ...contentOf(row), userId: undefined, cardId: undefined, link: row.link?.replace(row.cardId ?? '', '{cardId}'), createdAt: row.createdAt };
    expect(comparable(byStatement)).toEqual(comparable(byTransaction));
  });

  it("is pushed to the member's browsers the same from the one statement as from the general path", async () => {
    const quick = await heldCard({ earned: true });
    const general = await heldCard({ earned: true });
    for (const { member } of [quick, general]) {
      const subscription = subscriptionOf(fakeEndpoint());
      await upsertSubscription(testApp.db, { merchantId: setup.merchantId, userId: member.userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, userAgent: null, now: testApp.clock.now() });
    }
    const body = bill(quick.card.number);
    expect(await statement.record({ merchantId: setup.merchantId, scope: 'integration.purchases', key: newWriteKey(), requestHash: requestHash({ params: {}, body }), body, now: testApp.clock.now() })).toMatchObject({ statusCode: 201 });
    const { merchantId } = setup;
    await testApp.db.transaction((tx) => recordPurchaseInTransaction({ tx, merchantId, now: testApp.clock.now(), cardNumber: general.card.number, amount: 25_000n, billNumber: `BILL-${(sequence += 1)}` }));
    const pushOf = async (member: TestMember) => {
      const [message] = await messagesOf(testApp, member.userId);
      const rows = await testApp.db.select({ body: outboxMessages.body }).from(outboxMessages).where(and(eq(outboxMessages.channel, 'push'), eq(outboxMessages.merchantId, merchantId)));
      const payloads = rows.map((row) => JSON.parse(row.body) as { title: string; body: string; extras: { messageId: string } });
      return payloads.filter((payload) => payload.extras.messageId === message?.id).map(({ title, body }) => ({ title, body }));
    };
    const [byStatement] = await pushOf(quick.member);
    expect(byStatement).toEqual({ title: expect.stringContaining('25'), body: expect.any(String) });
    expect(await pushOf(general.member)).toEqual([byStatement]);
  });

  it('is not left for a card nobody holds, nor for a bill too small to earn', async () => {
    const [unheld] = setup.cards;
    if (!unheld) throw new Error('No card');
    expect((await purchase(bill(unheld.number))).response.status).toBe(201);
    expect((await purchase(bill(unheld.number))).response.status).toBe(201);
    expect(await messagesOfCard(unheld.id)).toEqual([]);
    const { member, card } = await heldCard({ earned: true });
    expect((await purchase(bill(card.number, 999))).data).toMatchObject({ earned: 0 });
    expect(await messagesOf(testApp, member.userId)).toEqual([]);
  });

  it('is not left by a purchase refused or one that does not commit', async () => {
    const { member, card } = await heldCard({ earned: true });
    const first = bill(card.number);
    expect((await purchase(first)).response.status).toBe(201);
    expect((await purchase({ ...bill(card.number), billNumber: first.billNumber })).response.status).toBe(409);
    const failed = await whileRefusing(testApp, { table: 'idempotency_keys', when: "new.status = 'done'" }, () => purchase(bill(card.number)));
    expect(failed.response.status).toBe(500);
    await testApp.db.update(cards).set({ status: 'suspended' }).where(eq(cards.id, card.id));
    expect((await purchase(bill(card.number))).response.status).toBe(422);
    expect(await messagesOf(testApp, member.userId)).toHaveLength(1);
  });
});
