import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, transactionDetailSchema, transactionListAnswerSchema, type Transaction } from '@kartu/contracts';
import { createTestApp, type TestApp, merchantIdOf } from '../../test/test-app.ts';
import { expireLots } from '../ledger/expiry.service.ts';
import { programWithCards } from '../ledger/ledger.test-support.ts';
import { adjust, earn, redeem, transfer } from '../ledger/points.service.ts';
import { reverseEntry } from '../ledger/reversal.service.ts';
import { memberWithCard, send, type CardMember } from './cards.test-support.ts';

let testApp: TestApp;
let merchantId: number;
let programId: string;
let owner: CardMember;
let stranger: CardMember;

const minute = 60_000;
const day = 24 * 60 * minute;
const start = new Date('2025-06-01T02:00:00.000Z');
const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);

beforeAll(async () => {
  testApp = await createTestApp();
  merchantId = await merchantIdOf(testApp.db);
  programId = (await programWithCards(testApp.db, { merchantId, cards: 0 })).program.id;
  owner = await memberWithCard(testApp, { merchantId, programId, name: 'Ayu Lestari' });
  stranger = await memberWithCard(testApp, { merchantId, programId, name: 'Rudi Hartono' });
});
afterAll(async () => {
  await testApp.close();
});

async function listPage(member: CardMember, cardId: string, query = '') {
  return send(testApp, 'GET', `/api/v2/cards/${cardId}/transactions${query}`, { member: member });
}

async function allPages(member: CardMember, cardId: string, limit: number): Promise<{ pages: Transaction[][] }> {
  const pages: Transaction[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await listPage(member, cardId, query);
    expect(response.statusCode).toBe(200);
    const answer = transactionListAnswerSchema.parse(response.json());
    pages.push(answer.data);
    cursor = answer.nextCursor;
  } while (cursor && pages.length < 20);
  return { pages };
}

describe('GET /api/v2/cards/:id/transactions', () => {
  it('pages through 25 entries newest first with a cursor, ties at one instant included', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId });
    // Two entries share each minute, so the cursor must break ties by id.
    for (let index = 0; index < 25; index += 1) {
      await earn({ db: testApp.db, now: at(Math.floor(index / 2) * minute), merchantId, card: member.card, amount: BigInt(index + 1) });
    }
    const { pages } = await allPages(member, member.card.id, 10);
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    const paged = pages.flat();
    const whole = transactionListAnswerSchema.parse((await listPage(member, member.card.id, '?limit=50')).json());
    expect(whole.nextCursor).toBeNull();
    expect(paged.map((item) => item.id)).toEqual(whole.data.map((item) => item.id));
    expect(new Set(paged.map((item) => item.id)).size).toBe(25);
    const times = paged.map((item) => Date.parse(item.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(paged.map((item) => item.amount).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(paged.every((item) => item.kind === 'earn' && item.unit === 'POINT' && item.counterparty === null)).toBe(true);
  });

  it('answers 20 entries by default and the last page without a cursor', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId });
    for (let index = 0; index < 21; index += 1) await earn({ db: testApp.db, now: at(index * minute), merchantId, card: member.card, amount: 1n });
    const first = transactionListAnswerSchema.parse((await listPage(member, member.card.id)).json());
    expect(first.data).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = transactionListAnswerSchema.parse((await listPage(member, member.card.id, `?cursor=${first.nextCursor ?? ''}`)).json());
    expect(second).toMatchObject({ data: [expect.objectContaining({ occurredAt: at(0).toISOString() })], nextCursor: null });
  });

  it('maps every ledger movement to its kind, signed as seen from the card', async () => {
    const sender = await memberWithCard(testApp, { merchantId, programId, name: 'Budi Santoso' });
    const friend = await memberWithCard(testApp, { merchantId, programId, name: '  Siti Rahma Dewi ' });
    const db = testApp.db;
    const card = sender.card;
    await earn({ db, now: at(0), merchantId, card, amount: 100n, reference: 'BILL-1' });
    await earn({ db, now: at(1 * minute), merchantId, card, amount: 20n, metadata: { source: 'reward', rewardId: 'b0a1c7e2-0000-4000-8000-000000000001' } });
    const spend = await redeem({ db, now: at(2 * minute), merchantId, card, amount: 10n, description: 'Iced latte' });
    await transfer({ db, now: at(3 * minute), merchantId, from: card, to: friend.card, amount: 15n });
    await adjust({ db, now: at(4 * minute), merchantId, card, amount: -5n, reason: 'Duplicate earn' });
    await reverseEntry({ db, now: at(5 * minute), merchantId, entryId: spend.id });
    await expireLots({ db, now: at(31 * day), merchantId });

    const sent = transactionListAnswerSchema.parse((await listPage(sender, card.id)).json()).data;
    expect(sent.map((item) => [item.kind, item.amount])).toEqual([
      ['expiry', -100],
      ['reversal', 10],
      ['adjustment', -5],
      ['transfer-out', -15],
      ['redeem', -10],
      ['reward', 20],
      ['earn', 100],
    ]);
    expect(sent.find((item) => item.kind === 'transfer-out')?.counterparty).toEqual({ cardNo: `•••• ${friend.card.number.slice(-4)}`, name: 'Siti' });
    expect(sent.find((item) => item.kind === 'earn')).toMatchObject({ reference: 'BILL-1', counterparty: null });
    expect(sent.find((item) => item.kind === 'redeem')).toMatchObject({ facts: { kind: 'redeemed', note: 'Iced latte' } });
    expect(sent.filter((item) => item.counterparty !== null)).toHaveLength(1);

    const received = transactionListAnswerSchema.parse((await listPage(friend, friend.card.id)).json()).data;
    expect(received.map((item) => [item.kind, item.amount])).toEqual([
      ['expiry', -15],
      ['transfer-in', 15],
    ]);
    expect(received[1]?.counterparty).toEqual({ cardNo: `•••• ${sender.card.number.slice(-4)}`, name: 'Budi' });
    // The masked card number and first name only: nothing else of the other member leaks.
    expect(JSON.stringify(received)).not.toContain(sender.card.number);
    expect(JSON.stringify(received)).not.toContain('Santoso');
  });

  it('answers an empty first page for a card that never moved', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId });
    expect((await listPage(member, member.card.id)).json()).toEqual({ data: [], nextCursor: null });
  });

  it.each([
    ['garbage', 'not base64 of a position'],
    [Buffer.from('2025-06-01T02:00:00.000Z|------------------------------------').toString('base64url'), 'dashes in place of an id'],
    [Buffer.from('+275760-09-13T00:00:00.000Z|0b6f5d0e-4c3a-4f1e-9a2b-3c4d5e6f7a8b').toString('base64url'), 'a year past the database'],
    [Buffer.from('2025-06-01T02:00:00.000Z|0b6f5d0e-4c3a-4f1e-9a2b-3c4d5e6f7a8b|x').toString('base64url'), 'an extra part'],
    ['x'.repeat(201), 'too long'],
  ])('answers a tampered cursor (%s: %s) with 400 VALIDATION_FAILED', async (cursor) => {
    const response = await listPage(owner, owner.card.id, `?cursor=${encodeURIComponent(cursor)}`);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
  });

  it("answers 404 CARD_NOT_FOUND for another member's card, an unknown card and a signed-out caller gets 401", async () => {
    await earn({ db: testApp.db, now: at(0), merchantId, card: owner.card, amount: 5n });
    const others = await listPage(stranger, owner.card.id);
    expect(others.statusCode).toBe(404);
    expect(errorBodySchema.parse(others.json()).code).toBe('CARD_NOT_FOUND');
    expect((await listPage(owner, 'a'.repeat(24))).json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
    const signedOut = await testApp.app.inject({ url: `/api/v2/cards/${owner.card.id}/transactions`, headers: { host: 'localhost' } });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /api/v2/cards/:id/transactions/:transactionId', () => {
  it('answers an accepted transaction, then reversed with the time of its reversal', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId });
    const entry = await earn({ db: testApp.db, now: at(0), merchantId, card: member.card, amount: 40n, reference: 'BILL-9' });
    const url = `/api/v2/cards/${member.card.id}/transactions/${entry.id}`;
    const before = await send(testApp, 'GET', url, { member: member });
    expect(before.statusCode).toBe(200);
    expect(transactionDetailSchema.parse(before.json())).toEqual({
      id: entry.id,
      kind: 'earn',
      facts: { kind: 'earned', note: null },
      amount: 40,
      unit: 'POINT',
      reference: 'BILL-9',
      occurredAt: at(0).toISOString(),
      counterparty: null,
      status: 'accepted',
      reversedAt: null,
    });

    const reversal = await reverseEntry({ db: testApp.db, now: at(2 * day), merchantId, entryId: entry.id });
    expect((await send(testApp, 'GET', url, { member: member })).json()).toMatchObject({ status: 'reversed', reversedAt: at(2 * day).toISOString() });
    const reversalDetail = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/transactions/${reversal.id}`, { member: member });
    expect(reversalDetail.json()).toMatchObject({ kind: 'reversal', amount: -40, status: 'accepted', reversedAt: null });
  });

  it('names the other card of a transfer, as seen from each side', async () => {
    const sender = await memberWithCard(testApp, { merchantId, programId, name: 'Dewi' });
    const friend = await memberWithCard(testApp, { merchantId, programId });
    await earn({ db: testApp.db, now: at(0), merchantId, card: sender.card, amount: 9n });
    const entry = await transfer({ db: testApp.db, now: at(minute), merchantId, from: sender.card, to: friend.card, amount: 4n });
    const seenBySender = await send(testApp, 'GET', `/api/v2/cards/${sender.card.id}/transactions/${entry.id}`, { member: sender });
    const seenByFriend = await send(testApp, 'GET', `/api/v2/cards/${friend.card.id}/transactions/${entry.id}`, { member: friend });
    expect(seenBySender.json()).toMatchObject({ kind: 'transfer-out', amount: -4, counterparty: { cardNo: `•••• ${friend.card.number.slice(-4)}`, name: null } });
    expect(seenByFriend.json()).toMatchObject({ kind: 'transfer-in', amount: 4, counterparty: { cardNo: `•••• ${sender.card.number.slice(-4)}`, name: 'Dewi' } });
  });

  it("answers 404 NOT_FOUND for a transaction of another card and 404 CARD_NOT_FOUND for another member's card", async () => {
    const entry = await earn({ db: testApp.db, now: at(0), merchantId, card: owner.card, amount: 3n });
    const strangersEntry = await earn({ db: testApp.db, now: at(0), merchantId, card: stranger.card, amount: 3n });
    const notOnCard = await send(testApp, 'GET', `/api/v2/cards/${owner.card.id}/transactions/${strangersEntry.id}`, { member: owner });
    expect(notOnCard.statusCode).toBe(404);
    expect(errorBodySchema.parse(notOnCard.json()).code).toBe('NOT_FOUND');
    const unknown = await send(testApp, 'GET', `/api/v2/cards/${owner.card.id}/transactions/0b6f5d0e-4c3a-4f1e-9a2b-3c4d5e6f7a8b`, { member: owner });
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const othersCard = await send(testApp, 'GET', `/api/v2/cards/${owner.card.id}/transactions/${entry.id}`, { member: stranger });
    expect(othersCard.statusCode).toBe(404);
    expect(errorBodySchema.parse(othersCard.json()).code).toBe('CARD_NOT_FOUND');
    const malformed = await send(testApp, 'GET', `/api/v2/cards/${owner.card.id}/transactions/not-a-uuid`, { member: owner });
    expect(malformed.statusCode).toBe(400);
  });
});
