import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema } from '@kartu/contracts';
import { LEDGER_AMOUNT_MAX, LEDGER_BALANCE_MAX } from '@kartu/core';
import { cards } from '../modules/card-access/cards.table.ts';
import { journalEntries } from '../modules/ledger/journal.table.ts';
import { ensureMemberAccount, ensureMerchantAccount, getBalance, postEntry } from '../modules/ledger/ledger.service.ts';
import { ledgerInvariantViolations, noViolations } from '../modules/ledger/ledger.test-support.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { newMember } from '../test/members.ts';
import { answerOf, callIntegration, merchantSetup } from './integration.test-support.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../test/integration-client.ts';
import type { components } from '../test/api/integration-api.ts';

let testApp: TestApp;
let kopi: Awaited<ReturnType<typeof merchantSetup>>;
let lumina: Awaited<ReturnType<typeof merchantSetup>>;
let kopiClient: IntegrationClient;
let luminaClient: IntegrationClient;
let billCount = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  kopi = await merchantSetup(testApp, { cards: 6 });
  lumina = await merchantSetup(testApp, { mid: 'LUMINABEAUTY' });
  kopiClient = await integrationClient(testApp, { key: kopi.key });
  luminaClient = await integrationClient(testApp, { key: lumina.key });
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
const purchase = (body: object, options: { idempotencyKey?: string | null } = {}) =>
  callIntegration(testApp, 'POST', '/purchases', { key: kopi.key, body, ...options });
const write = (idempotencyKey = newWriteKey()) => ({ header: { 'idempotency-key': idempotencyKey } });
const recordPurchase = (body: components['schemas']['PurchaseBody'], { idempotencyKey, client = kopiClient }: { idempotencyKey?: string; client?: IntegrationClient } = {}) =>
  client.POST('/integration/v1/purchases', { params: write(idempotencyKey), body });
const voidPurchase = (billNumber: string, reason: string, { idempotencyKey, client = kopiClient }: { idempotencyKey?: string; client?: IntegrationClient } = {}) =>
  client.POST('/integration/v1/purchases/{billNumber}/void', { params: { path: { billNumber }, ...write(idempotencyKey) }, body: { reason } });
const adjustBalance = (body: components['schemas']['AdjustmentBody']) => kopiClient.POST('/integration/v1/adjustments', { params: write(), body });

describe('POST /integration/v1/purchases', () => {
  it("earns by the program's rate, floored, and records the bill on the card", async () => {
    const billNumber = newBill();
    const items = [{ sku: 'LATTE', name: 'Caffe latte', quantity: 2, price: 9_995 }];
    const { data: answer, response } = await kopiClient.POST('/integration/v1/purchases', {
      params: { header: { 'idempotency-key': newWriteKey() } },
      body: { cardNumber: cardNumber(0), amount: 19_990, billNumber, items },
    });
    expect(response.status).toBe(201);
    if (!answer) throw new Error('No answer');
    expect(answer).toMatchObject({ earned: 19, balance: 19 });
    const [entry] = await testApp.db.select().from(journalEntries).where(eq(journalEntries.id, answer.entryId ?? ''));
    expect(entry).toMatchObject({ kind: 'earn', reference: billNumber, metadata: { source: 'purchase', billNumber, items } });
  });

  it('records a bill too small to earn, with no ledger entry', async () => {
    const { data: answer, response } = await recordPurchase({ cardNumber: cardNumber(1), amount: 999, billNumber: newBill() });
    expect(response.status).toBe(201);
    expect(answer).toEqual({ entryId: null, earned: 0, balance: 0 });
  });

  it("earns on the member's card of the program when given a phone", async () => {
    const member = await newMember(testApp);
    await testApp.db.update(cards).set({ ownerUserId: member.userId }).where(eq(cards.id, kopi.cards[2]?.id ?? ''));
    const { response } = await recordPurchase({ memberPhone: member.e164, programId: kopi.program.id, amount: 5_000, billNumber: newBill() });
    expect(response.status).toBe(201);
    expect(await balanceOf(2)).toBe(5n);

    const unknownMember = await recordPurchase({ memberPhone: '+6281300000009', programId: kopi.program.id, amount: 5_000, billNumber: newBill() });
    expect(unknownMember.response.status).toBe(404);
    const noCardOfProgram = await recordPurchase({ memberPhone: member.e164, programId: lumina.program.id, amount: 5_000, billNumber: newBill() });
    expect(noCardOfProgram.error).toMatchObject({ statusCode: 404, code: 'CARD_NOT_FOUND' });
  });

  it.each([
    ['both a card number and a phone', { cardNumber: '4111111111111111', memberPhone: '+6281200000001', programId: '00000000-0000-4000-8000-000000000000' }],
    ['neither a card number nor a phone', {}],
    ['a phone without a program', { memberPhone: '+6281200000001' }],
  ])('refuses %s with 400', async (_case, who) => {
    const { error, response } = await recordPurchase({ ...who, amount: 1_000, billNumber: newBill() });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a negative or fractional amount', async () => {
    expect((await purchase({ cardNumber: cardNumber(0), amount: -1, billNumber: newBill() })).statusCode).toBe(400);
    expect((await purchase({ cardNumber: cardNumber(0), amount: 10.5, billNumber: newBill() })).statusCode).toBe(400);
  });

  it('refuses a card of another program than the one named', async () => {
    const { error } = await recordPurchase({ cardNumber: cardNumber(0), programId: lumina.program.id, amount: 1_000, billNumber: newBill() });
    expect(error).toMatchObject({ statusCode: 404, code: 'CARD_NOT_FOUND' });
  });

  it('refuses a card that is not active', async () => {
    await testApp.db.update(cards).set({ status: 'suspended' }).where(eq(cards.id, kopi.cards[5]?.id ?? ''));
    const { error } = await recordPurchase({ cardNumber: cardNumber(5), amount: 10_000, billNumber: newBill() });
    expect(error).toMatchObject({ statusCode: 422, code: 'CARD_NOT_ACTIVE' });
  });

  it('refuses the same bill number twice with 409, and earns once', async () => {
    const billNumber = newBill();
    const before = await balanceOf(3);
    expect((await recordPurchase({ cardNumber: cardNumber(3), amount: 10_000, billNumber })).response.status).toBe(201);
    const again = await recordPurchase({ cardNumber: cardNumber(3), amount: 10_000, billNumber });
    expect(again.error).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(await balanceOf(3)).toBe(before + 10n);
  });

  it('earns once when two tills report the same bill at the same moment', async () => {
    const billNumber = newBill();
    const before = await balanceOf(3);
    const racing = await Promise.all(Array.from({ length: 4 }, () => recordPurchase({ cardNumber: cardNumber(3), amount: 4_000, billNumber })));
    expect(racing.map(({ response }) => response.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await balanceOf(3)).toBe(before + 4n);
  });

  it('lets each merchant use its own bill numbers', async () => {
    const billNumber = newBill();
    expect((await recordPurchase({ cardNumber: cardNumber(3), amount: 1_000, billNumber })).response.status).toBe(201);
    const other = await recordPurchase({ cardNumber: lumina.cards[0]?.number, amount: 1_000, billNumber }, { client: luminaClient });
    expect(other.response.status).toBe(201);
  });
});

describe('idempotency keys', () => {
  it('answers a retry with the first answer and earns once', async () => {
    const body = { cardNumber: cardNumber(4), amount: 7_000, billNumber: newBill() };
    const first = await recordPurchase(body, { idempotencyKey: 'till-1-0001' });
    const retry = await recordPurchase({ ...body }, { idempotencyKey: 'till-1-0001' });
    expect(retry.response.status).toBe(201);
    expect(retry.data).toEqual(first.data);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(4)).toBe(7n);
  });

  it('refuses the same key with another body as 422 IDEMPOTENCY_KEY_REUSED', async () => {
    await recordPurchase({ cardNumber: cardNumber(4), amount: 1_000, billNumber: newBill() }, { idempotencyKey: 'till-1-0002' });
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
    const mine = await recordPurchase({ cardNumber: cardNumber(4), amount: 1_000, billNumber: newBill() }, { idempotencyKey: 'shared-key' });
    const theirs = await recordPurchase({ cardNumber: lumina.cards[1]?.number, amount: 3_000, billNumber: newBill() }, { idempotencyKey: 'shared-key', client: luminaClient });
    expect(mine.response.status).toBe(201);
    expect(theirs.response.status).toBe(201);
    expect(theirs.data).toMatchObject({ earned: 3 });
  });
});

describe('POST /integration/v1/purchases/:billNumber/void', () => {
  it('takes back what the purchase earned and restores the balance before it', async () => {
    const billNumber = newBill();
    const before = await balanceOf(0);
    await recordPurchase({ cardNumber: cardNumber(0), amount: 25_000, billNumber });
    expect(await balanceOf(0)).toBe(before + 25n);
    const voided = await voidPurchase(billNumber, 'Returned', { idempotencyKey: 'void-1' });
    expect(voided.response.status).toBe(200);
    const { entryId } = answerOf(voided);
    const [reversal] = await testApp.db.select().from(journalEntries).where(eq(journalEntries.id, entryId ?? ''));
    expect(reversal).toMatchObject({ kind: 'reversal', reference: billNumber, description: 'Returned' });
    expect(await balanceOf(0)).toBe(before);

    const replay = await voidPurchase(billNumber, 'Returned', { idempotencyKey: 'void-1' });
    expect(replay.data).toEqual({ entryId });
    const twice = await voidPurchase(billNumber, 'Returned');
    expect(twice.error).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(await balanceOf(0)).toBe(before);
  });

  it('refuses with 422 INSUFFICIENT_BALANCE when the points are already spent', async () => {
    const billNumber = newBill();
    await recordPurchase({ cardNumber: cardNumber(1), amount: 30_000, billNumber });
    const spent = await adjustBalance({ cardNumber: cardNumber(1), amount: -25, reason: 'Redeemed at till' });
    expect(spent.response.status).toBe(201);
    const { error } = await voidPurchase(billNumber, 'Returned');
    expect(error).toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(1)).toBe(5n);
  });

  it('voids a purchase that earned nothing without a ledger entry', async () => {
    const billNumber = newBill();
    await recordPurchase({ cardNumber: cardNumber(1), amount: 500, billNumber });
    const { data: answer, response } = await voidPurchase(billNumber, 'Cancelled');
    expect(response.status).toBe(200);
    expect(answer).toEqual({ entryId: null });
  });

  it("answers 404 for an unknown bill and for another merchant's bill", async () => {
    const billNumber = newBill();
    await recordPurchase({ cardNumber: cardNumber(3), amount: 1_000, billNumber });
    const unknown = await voidPurchase('NOPE-1', 'x');
    expect(unknown.response.status).toBe(404);
    const foreign = await voidPurchase(billNumber, 'x', { client: luminaClient });
    expect(foreign.response.status).toBe(404);
  });
});

describe('POST /integration/v1/adjustments', () => {
  it('adds and takes away value with a reason and answers the balance', async () => {
    const added = await adjustBalance({ cardNumber: cardNumber(5), amount: 120, reason: 'Goodwill' });
    expect(added.response.status).toBe(201);
    expect(answerOf(added).balance).toBe(120);
    const taken = await adjustBalance({ cardNumber: cardNumber(5), amount: -20, reason: 'Correction' });
    const { entryId, balance } = answerOf(taken);
    expect(balance).toBe(100);
    const [entry] = await testApp.db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
    expect(entry).toMatchObject({ kind: 'adjustment', description: 'Correction' });
  });

  it('refuses to take a card below zero', async () => {
    const { error } = await adjustBalance({ cardNumber: cardNumber(5), amount: -1_000, reason: 'Too much' });
    expect(error).toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_BALANCE' });
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
    const over = await adjustBalance({ cardNumber: cardNumber(3), amount: 11, reason: 'Over' });
    expect(over.response.status).toBe(422);
    expect(over.error).toMatchObject({ code: 'AMOUNT_LIMIT', message: "A card's balance may be at most 1,000,000,000,000,000" });
    expect(await balanceOf(3)).toBe(BigInt(LEDGER_BALANCE_MAX) - 10n);
    const fills = await adjustBalance({ cardNumber: cardNumber(3), amount: 10, reason: 'To the brim' });
    expect(answerOf(fills).balance).toBe(LEDGER_BALANCE_MAX);
  });

  it('refuses a zero amount, a missing reason and an unknown card', async () => {
    const zero = await adjustBalance({ cardNumber: cardNumber(5), amount: 0, reason: 'None' });
    expect(zero.response.status).toBe(400);
    const noReason = await adjustBalance({ cardNumber: cardNumber(5), amount: 5, reason: ' ' });
    expect(noReason.response.status).toBe(400);
    const unknown = await adjustBalance({ cardNumber: '4111111111111111', amount: 5, reason: 'x' });
    expect(unknown.error).toMatchObject({ statusCode: 404, code: 'CARD_NOT_FOUND' });
  });
});
