import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adjustmentAnswerSchema, errorBodySchema, purchaseAnswerSchema, voidPurchaseAnswerSchema } from '@kartu/contracts';
import { LEDGER_AMOUNT_MAX, LEDGER_BALANCE_MAX } from '@kartu/core';
import { cards } from '../modules/card-access/cards.table.ts';
import { journalEntries } from '../modules/ledger/journal.table.ts';
import { ensureMemberAccount, ensureMerchantAccount, getBalance, postEntry } from '../modules/ledger/ledger.service.ts';
import { ledgerInvariantViolations, noViolations } from '../modules/ledger/ledger.test-support.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { newMember } from '../test/members.ts';
import { callIntegration, merchantSetup } from './integration.test-support.ts';

let testApp: TestApp;
let kopi: Awaited<ReturnType<typeof merchantSetup>>;
let lumina: Awaited<ReturnType<typeof merchantSetup>>;
let billCount = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  kopi = await merchantSetup(testApp, { cards: 6 });
  lumina = await merchantSetup(testApp, { mid: 'LUMINABEAUTY' });
});
afterAll(async () => {
  expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  await testApp.close();
});

function cardNumber(index: number): string {
  const card = kopi.cards[index];
  if (!card) throw new Error(`No card ${index}`);
  return card.number;
}

const newBill = () => `BILL-${(billCount += 1)}`;
const balanceOf = (index: number) => {
  const card = kopi.cards[index];
  if (!card) throw new Error(`No card ${index}`);
  return getBalance({ db: testApp.db, card, now: new Date() });
};
const purchase = (body: object, options: { idempotencyKey?: string | null; key?: string } = {}) =>
  callIntegration(testApp, 'POST', '/purchases', { key: kopi.key, body, ...options });

describe('POST /integration/v1/purchases', () => {
  it("earns by the program's rate, floored, and records the bill on the card", async () => {
    const billNumber = newBill();
    const items = [{ sku: 'LATTE', name: 'Caffe latte', quantity: 2, price: 9_995 }];
    const response = await purchase({ cardNumber: cardNumber(0), amount: 19_990, billNumber, items });
    expect(response.statusCode).toBe(201);
    const answer = purchaseAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ earned: 19, balance: 19 });
    const [entry] = await testApp.db.select().from(journalEntries).where(eq(journalEntries.id, answer.entryId ?? ''));
    expect(entry).toMatchObject({ kind: 'earn', reference: billNumber, metadata: { source: 'purchase', billNumber, items } });
  });

  it('records a bill too small to earn, with no ledger entry', async () => {
    const response = await purchase({ cardNumber: cardNumber(1), amount: 999, billNumber: newBill() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ entryId: null, earned: 0, balance: 0 });
  });

  it("earns on the member's card of the program when given a phone", async () => {
    const member = await newMember(testApp);
    await testApp.db.update(cards).set({ ownerUserId: member.userId }).where(eq(cards.id, kopi.cards[2]?.id ?? ''));
    const response = await purchase({ memberPhone: member.e164, programId: kopi.program.id, amount: 5_000, billNumber: newBill() });
    expect(response.statusCode).toBe(201);
    expect(await balanceOf(2)).toBe(5n);

    const unknownMember = await purchase({ memberPhone: '+6281300000009', programId: kopi.program.id, amount: 5_000, billNumber: newBill() });
    expect(unknownMember.statusCode).toBe(404);
    const noCardOfProgram = await purchase({ memberPhone: member.e164, programId: lumina.program.id, amount: 5_000, billNumber: newBill() });
    expect(noCardOfProgram.json()).toMatchObject({ statusCode: 404, code: 'CARD_NOT_FOUND' });
  });

  it.each([
    ['both a card number and a phone', { cardNumber: '4111111111111111', memberPhone: '+6281200000001', programId: '00000000-0000-4000-8000-000000000000' }],
    ['neither a card number nor a phone', {}],
    ['a phone without a program', { memberPhone: '+6281200000001' }],
  ])('refuses %s with 400', async (_case, who) => {
    const response = await purchase({ ...who, amount: 1_000, billNumber: newBill() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a negative or fractional amount', async () => {
    expect((await purchase({ cardNumber: cardNumber(0), amount: -1, billNumber: newBill() })).statusCode).toBe(400);
    expect((await purchase({ cardNumber: cardNumber(0), amount: 10.5, billNumber: newBill() })).statusCode).toBe(400);
  });

  it('refuses a card of another program than the one named', async () => {
    const response = await purchase({ cardNumber: cardNumber(0), programId: lumina.program.id, amount: 1_000, billNumber: newBill() });
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'CARD_NOT_FOUND' });
  });

  it('refuses a card that is not active', async () => {
    await testApp.db.update(cards).set({ status: 'suspended' }).where(eq(cards.id, kopi.cards[5]?.id ?? ''));
    const response = await purchase({ cardNumber: cardNumber(5), amount: 10_000, billNumber: newBill() });
    expect(response.json()).toMatchObject({ statusCode: 422, code: 'CARD_NOT_ACTIVE' });
  });

  it('refuses the same bill number twice with 409, and earns once', async () => {
    const billNumber = newBill();
    const before = await balanceOf(3);
    expect((await purchase({ cardNumber: cardNumber(3), amount: 10_000, billNumber })).statusCode).toBe(201);
    const again = await purchase({ cardNumber: cardNumber(3), amount: 10_000, billNumber });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(await balanceOf(3)).toBe(before + 10n);
  });

  it('earns once when two tills report the same bill at the same moment', async () => {
    const billNumber = newBill();
    const before = await balanceOf(3);
    const racing = await Promise.all(Array.from({ length: 4 }, () => purchase({ cardNumber: cardNumber(3), amount: 4_000, billNumber })));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await balanceOf(3)).toBe(before + 4n);
  });

  it('lets each merchant use its own bill numbers', async () => {
    const billNumber = newBill();
    expect((await purchase({ cardNumber: cardNumber(3), amount: 1_000, billNumber })).statusCode).toBe(201);
    const other = await callIntegration(testApp, 'POST', '/purchases', { key: lumina.key, body: { cardNumber: lumina.cards[0]?.number, amount: 1_000, billNumber } });
    expect(other.statusCode).toBe(201);
  });
});

describe('idempotency keys', () => {
  it('answers a retry with the first answer and earns once', async () => {
    const body = { cardNumber: cardNumber(4), amount: 7_000, billNumber: newBill() };
    const first = await purchase(body, { idempotencyKey: 'till-1-0001' });
    const retry = await purchase({ ...body }, { idempotencyKey: 'till-1-0001' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(4)).toBe(7n);
  });

  it('refuses the same key with another body as 422 IDEMPOTENCY_KEY_REUSED', async () => {
    await purchase({ cardNumber: cardNumber(4), amount: 1_000, billNumber: newBill() }, { idempotencyKey: 'till-1-0002' });
    const reused = await purchase({ cardNumber: cardNumber(4), amount: 2_000, billNumber: newBill() }, { idempotencyKey: 'till-1-0002' });
    expect(reused.json()).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('requires a key on every write', async () => {
    const writes: Array<[string, object]> = [
      ['/purchases', { cardNumber: cardNumber(4), amount: 1_000, billNumber: newBill() }],
      ['/purchases/BILL-1/void', { reason: 'returned' }],
      ['/adjustments', { cardNumber: cardNumber(4), amount: 1, reason: 'goodwill' }],
      ['/cards', { programId: kopi.program.id }],
      ['/cards/batch', { programId: kopi.program.id, count: 1 }],
    ];
    for (const [path, body] of writes) {
      const response = await callIntegration(testApp, 'POST', path, { key: kopi.key, body, idempotencyKey: null });
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' });
    }
  });

  it("keeps one merchant's keys apart from another's", async () => {
    const mine = await purchase({ cardNumber: cardNumber(4), amount: 1_000, billNumber: newBill() }, { idempotencyKey: 'shared-key' });
    const theirs = await callIntegration(testApp, 'POST', '/purchases', {
      key: lumina.key,
      body: { cardNumber: lumina.cards[1]?.number, amount: 3_000, billNumber: newBill() },
      idempotencyKey: 'shared-key',
    });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()).toMatchObject({ earned: 3 });
  });
});

describe('POST /integration/v1/purchases/:billNumber/void', () => {
  it('takes back what the purchase earned and restores the balance before it', async () => {
    const billNumber = newBill();
    const before = await balanceOf(0);
    await purchase({ cardNumber: cardNumber(0), amount: 25_000, billNumber });
    expect(await balanceOf(0)).toBe(before + 25n);
    const response = await callIntegration(testApp, 'POST', `/purchases/${billNumber}/void`, { key: kopi.key, body: { reason: 'Returned' }, idempotencyKey: 'void-1' });
    expect(response.statusCode).toBe(200);
    const { entryId } = voidPurchaseAnswerSchema.parse(response.json());
    const [reversal] = await testApp.db.select().from(journalEntries).where(eq(journalEntries.id, entryId ?? ''));
    expect(reversal).toMatchObject({ kind: 'reversal', reference: billNumber, description: 'Returned' });
    expect(await balanceOf(0)).toBe(before);

    const replay = await callIntegration(testApp, 'POST', `/purchases/${billNumber}/void`, { key: kopi.key, body: { reason: 'Returned' }, idempotencyKey: 'void-1' });
    expect(replay.json()).toEqual({ entryId });
    const twice = await callIntegration(testApp, 'POST', `/purchases/${billNumber}/void`, { key: kopi.key, body: { reason: 'Returned' } });
    expect(twice.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(await balanceOf(0)).toBe(before);
  });

  it('refuses with 422 INSUFFICIENT_BALANCE when the points are already spent', async () => {
    const billNumber = newBill();
    await purchase({ cardNumber: cardNumber(1), amount: 30_000, billNumber });
    const spent = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(1), amount: -25, reason: 'Redeemed at till' } });
    expect(spent.statusCode).toBe(201);
    const response = await callIntegration(testApp, 'POST', `/purchases/${billNumber}/void`, { key: kopi.key, body: { reason: 'Returned' } });
    expect(response.json()).toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(1)).toBe(5n);
  });

  it('voids a purchase that earned nothing without a ledger entry', async () => {
    const billNumber = newBill();
    await purchase({ cardNumber: cardNumber(1), amount: 500, billNumber });
    const response = await callIntegration(testApp, 'POST', `/purchases/${billNumber}/void`, { key: kopi.key, body: { reason: 'Cancelled' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ entryId: null });
  });

  it("answers 404 for an unknown bill and for another merchant's bill", async () => {
    const billNumber = newBill();
    await purchase({ cardNumber: cardNumber(3), amount: 1_000, billNumber });
    const unknown = await callIntegration(testApp, 'POST', '/purchases/NOPE-1/void', { key: kopi.key, body: { reason: 'x' } });
    expect(unknown.statusCode).toBe(404);
    const foreign = await callIntegration(testApp, 'POST', `/purchases/${billNumber}/void`, { key: lumina.key, body: { reason: 'x' } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST /integration/v1/adjustments', () => {
  it('adds and takes away value with a reason and answers the balance', async () => {
    const added = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(5), amount: 120, reason: 'Goodwill' } });
    expect(added.statusCode).toBe(201);
    expect(adjustmentAnswerSchema.parse(added.json()).balance).toBe(120);
    const taken = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(5), amount: -20, reason: 'Correction' } });
    const { entryId, balance } = adjustmentAnswerSchema.parse(taken.json());
    expect(balance).toBe(100);
    const [entry] = await testApp.db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
    expect(entry).toMatchObject({ kind: 'adjustment', description: 'Correction' });
  });

  it('refuses to take a card below zero', async () => {
    const response = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(5), amount: -1_000, reason: 'Too much' } });
    expect(response.json()).toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_BALANCE' });
  });

  it('refuses an amount past what one movement may carry with 400 naming the field and the limit, and changes nothing', async () => {
    const before = await balanceOf(4);
    for (const amount of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, LEDGER_AMOUNT_MAX + 1]) {
      const response = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(4), amount, reason: 'Huge' } });
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.amount', message: 'An amount may be at most 1,000,000,000,000' }] });
    }
    const bill = await purchase({ cardNumber: cardNumber(4), amount: Number.MAX_SAFE_INTEGER, billNumber: newBill() });
    expect(errorBodySchema.parse(bill.json())).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.amount' }] });
    expect(await balanceOf(4)).toBe(before);
  });

  it('refuses with 422 AMOUNT_LIMIT, saying the limit, a credit that would take a card past what it may hold', async () => {
    const card = kopi.cards[3];
    if (!card) throw new Error('No card 3');
    // A balance a few points under the cap, written as one entry of the ledger's own.
    const nearlyFull = BigInt(LEDGER_BALANCE_MAX) - 10n - (await balanceOf(3));
    await testApp.db.transaction(async (tx) => {
      const scope = { db: tx, merchantId: card.merchantId, programId: card.programId };
      const member = await ensureMemberAccount({ ...scope, cardId: card.id });
      const issuance = await ensureMerchantAccount({ ...scope, kind: 'issuance' });
      await postEntry({ tx, merchantId: card.merchantId, programId: card.programId, kind: 'earn', now: new Date(), postings: [{ account: issuance, amount: -nearlyFull }, { account: member, amount: nearlyFull }] });
    });
    const over = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(3), amount: 11, reason: 'Over' } });
    expect(over.statusCode).toBe(422);
    expect(errorBodySchema.parse(over.json())).toMatchObject({ code: 'AMOUNT_LIMIT', message: "A card's balance may be at most 1,000,000,000,000,000" });
    expect(await balanceOf(3)).toBe(BigInt(LEDGER_BALANCE_MAX) - 10n);
    const fills = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(3), amount: 10, reason: 'To the brim' } });
    expect(adjustmentAnswerSchema.parse(fills.json()).balance).toBe(LEDGER_BALANCE_MAX);
  });

  it('refuses a zero amount, a missing reason and an unknown card', async () => {
    const zero = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(5), amount: 0, reason: 'None' } });
    expect(zero.statusCode).toBe(400);
    const noReason = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: cardNumber(5), amount: 5, reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const unknown = await callIntegration(testApp, 'POST', '/adjustments', { key: kopi.key, body: { cardNumber: '4111111111111111', amount: 5, reason: 'x' } });
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'CARD_NOT_FOUND' });
  });
});
