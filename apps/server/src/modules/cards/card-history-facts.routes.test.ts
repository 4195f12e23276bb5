import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { giftCardActivationAnswerSchema, orderAnswerSchema, transactionDetailSchema, transactionListAnswerSchema, type Transaction } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core/calendar';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import { demoProgramIds } from '../../seed/seed-cards.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { newCatalog, type TestCatalog } from '../catalog/catalog.test-support.ts';
import { expireLots } from '../ledger/expiry.service.ts';
import { earn, redeem, transfer } from '../ledger/points.service.ts';
import { reverseEntry } from '../ledger/reversal.service.ts';
import { outletCodeKeyFor } from '../outlets/outlet-code-key.ts';
import { createOutlet } from '../outlets/outlets.service.ts';
import { issueVouchers } from '../vouchers/voucher-issuing.service.ts';
import { createVoucherTemplate } from '../vouchers/vouchers.service.ts';
import { memberWithCard, memberWithPoints, newProgram, send, type CardMember } from './cards.test-support.ts';
import { grantProgramReward } from './rewards.service.ts';

/*
 * Each kind of entry the code writes answers its facts (decision 038), read through the member's
 * history as the app reads it; entries written before their writers kept facts read from what they have.
 */

let testApp: TestApp;
let merchantId: number;
let apiKey: string;
let programId: string;

useTestApp((made) => ({ testApp, merchantId } = made));
beforeAll(async () => {
  apiKey = (await createApiKey({ db: testApp.db, merchantId, name: 'Till' })).key;
  programId = (await newProgram(testApp, merchantId, { name: 'History Points', earnRateNumerator: 1n, earnRateDenominator: 1_000n })).id;
});

/** A write a minute after the one before, so the history lists them in the order they were made. */
function integration(method: 'GET' | 'POST', path: string, body?: object) {
  testApp.clock.advance(60_000);
  return callIntegration(testApp, method, path, { key: apiKey, ...(body && { body }) });
}
const later = () => {
  testApp.clock.advance(60_000);
  return testApp.clock.now();
};

async function historyOf(member: CardMember, cardId = member.card.id): Promise<Transaction[]> {
  const answer = await send(testApp, 'GET', `/api/v2/cards/${cardId}/transactions?limit=50`, { member });
  expect(answer.statusCode, answer.body).toBe(200);
  return transactionListAnswerSchema.parse(answer.json()).data;
}

async function detailOf(member: CardMember, entryId: string, cardId = member.card.id) {
  const answer = await send(testApp, 'GET', `/api/v2/cards/${cardId}/transactions/${entryId}`, { member });
  expect(answer.statusCode, answer.body).toBe(200);
  return transactionDetailSchema.parse(answer.json());
}

/** The history, oldest first, as kind, facts and amount: what the app words. */
async function factsOf(member: CardMember, cardId = member.card.id) {
  return (await historyOf(member, cardId)).reverse().map(({ kind, facts, amount }) => ({ kind, facts, amount }));
}

describe('what a till reports', () => {
  it('reads a purchase as one with its bill number, on the one-statement path too, and its void with the merchant’s reason', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId });
    // The first purchase makes the card's wallet (the general path); the second takes the one statement.
    for (const billNumber of ['HIST-0001', 'HIST-0002']) {
      const answer = await integration('POST', '/purchases', { cardNumber: member.card.number, amount: 42_000, billNumber });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const voided = await integration('POST', '/purchases/HIST-0001/void', { reason: 'Bill keyed twice' });
    expect(voided.statusCode, voided.body).toBe(200);

    expect(await factsOf(member)).toEqual([
      { kind: 'earn', facts: { kind: 'purchase', billNumber: 'HIST-0001' }, amount: 42 },
      { kind: 'earn', facts: { kind: 'purchase', billNumber: 'HIST-0002' }, amount: 42 },
      { kind: 'reversal', facts: { kind: 'reversal', reversed: { kind: 'purchase', billNumber: 'HIST-0001' }, reason: 'Bill keyed twice' }, amount: -42 },
    ]);
    // The English the server once wrote is no longer part of the answer.
    expect((await historyOf(member))[0]).not.toHaveProperty('description');
  });

  it('reads an adjustment up or down with the merchant’s reason as they wrote it', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId });
    expect((await integration('POST', '/adjustments', { cardNumber: member.card.number, amount: 30, reason: 'Poin tertinggal di kasir' })).statusCode).toBe(201);
    expect((await integration('POST', '/adjustments', { cardNumber: member.card.number, amount: -5, reason: 'Duplicate bill' })).statusCode).toBe(201);
    expect(await factsOf(member)).toEqual([
      { kind: 'adjustment', facts: { kind: 'adjustment', reason: 'Poin tertinggal di kasir' }, amount: 30 },
      { kind: 'adjustment', facts: { kind: 'adjustment', reason: 'Duplicate bill' }, amount: -5 },
    ]);
  });
});

describe('what the member does', () => {
  it('reads a claimed reward by its kind and title', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId: demoProgramIds.kopiSenjaRewards });
    const reward = await grantProgramReward({ db: testApp.db, card: member.card, kind: 'welcome', now: testApp.clock.now() });
    if (!reward) throw new Error('The demo program has no welcome reward');
    expect((await send(testApp, 'POST', '/api/my_vouchers/claim', { member, body: { rewardId: reward.id } })).statusCode).toBe(200);
    const [claimed] = await historyOf(member);
    expect(claimed).toMatchObject({ kind: 'reward', facts: { kind: 'reward', reward: 'welcome', title: 'Welcome bonus' }, amount: 50 });
    expect((await detailOf(member, claimed?.id ?? '')).facts).toEqual(claimed?.facts);
  });

  it('reads a transfer by its direction from each side, and value that expired', async () => {
    const sender = await memberWithPoints(testApp, { merchantId, programId, points: 100 });
    const friend = await memberWithCard(testApp, { merchantId, programId });
    await transfer({ db: testApp.db, now: later(), merchantId, from: sender.card, to: friend.card, amount: 40n });
    await expireLots({ db: testApp.db, now: new Date(testApp.clock.now().getTime() + 31 * DAY_MS), merchantId });
    expect(await factsOf(sender)).toEqual([
      { kind: 'earn', facts: { kind: 'earned', note: null }, amount: 100 },
      { kind: 'transfer-out', facts: { kind: 'transfer_sent' }, amount: -40 },
      { kind: 'expiry', facts: { kind: 'expiry' }, amount: -60 },
    ]);
    expect(await factsOf(friend)).toEqual([
      { kind: 'transfer-in', facts: { kind: 'transfer_received' }, amount: 40 },
      { kind: 'expiry', facts: { kind: 'expiry' }, amount: -40 },
    ]);
  });

  describe('in the shop', () => {
    let catalog: TestCatalog;
    beforeAll(async () => {
      catalog = await newCatalog(testApp, merchantId);
    });

    it('reads an order paid with points by its number, and the points it gave back by the order’s move', async () => {
      const member = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
      await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card: member.card, amount: 1_000n });
      later();
      const placed = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, {
        member,
        body: { items: [{ productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'none' } },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderAnswerSchema.parse(placed.json()).data;
      const cancelled = await integration('POST', `/programs/${catalog.programId}/orders/${order.id}/status`, { status: 'cancelled', note: 'Out of stock' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const [, paid, refunded] = await factsOf(member);
      expect(paid).toEqual({ kind: 'redeem', facts: { kind: 'order_payment', orderId: order.id, orderNumber: order.number }, amount: -250 });
      expect(refunded).toEqual({ kind: 'reversal', facts: { kind: 'order_refund', orderId: order.id, orderNumber: order.number, status: 'cancelled' }, amount: 250 });
    });
  });
});

describe('a gift card', () => {
  it('reads its loading by the voucher’s name, each payment by the outlet, and a void with or without the merchant’s reason', async () => {
    const giftProgram = await newProgram(testApp, merchantId, { name: 'History Gift Card', type: 'egift', unit: 'CASH', currencyCode: 'IDR', earnRateNumerator: 0n, expiryPolicy: 'none', expiryDays: null });
    const template = await createVoucherTemplate(testApp.db, { merchantId, programId, name: 'Gift card Rp50.000', usableAt: 'in_store', validityDays: 365, giftCardProgramId: giftProgram.id, giftCardValue: 50_000n });
    const outlet = await createOutlet({ db: testApp.db, merchantId, name: 'Kopi Senja Kemang', code: 'HIST77', requiresCashierCode: false, codeKey: outletCodeKeyFor(testApp.env.CODE_SECRET) });
    const member = await memberWithCard(testApp, { merchantId, programId });
    const [voucher] = await issueVouchers(testApp.db, { merchantId, holder: { userId: member.userId, cardId: member.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template, quantity: 1 }], now: testApp.clock.now() });
    later();
    const activated = await send(testApp, 'POST', `/api/v2/vouchers/${voucher?.id}/activate`, { member });
    expect(activated.statusCode, activated.body).toBe(200);
    const giftCardId = giftCardActivationAnswerSchema.parse(activated.json()).data.cardId;
    const payCode = ((await send(testApp, 'GET', `/api/v2/gift-cards/${giftCardId}`, { member })).json() as { data: { payCode: string } }).data.payCode;

    const chargeIds: string[] = [];
    for (const amount of [10_000, 5_000]) {
      const charged = await integration('POST', '/gift-cards/charges', { code: payCode, amount, outletId: outlet.id });
      expect(charged.statusCode, charged.body).toBe(201);
      chargeIds.push((charged.json() as { data: { id: string } }).data.id);
    }
    expect((await integration('POST', `/gift-cards/charges/${chargeIds[0]}/void`, {})).statusCode).toBe(200);
    expect((await integration('POST', `/gift-cards/charges/${chargeIds[1]}/void`, { reason: 'Salah nominal' })).statusCode).toBe(200);

    const charge = { kind: 'gift_card_charge', outletName: 'Kopi Senja Kemang' } as const;
    expect(await factsOf(member, giftCardId)).toEqual([
      { kind: 'earn', facts: { kind: 'gift_card_loaded', name: 'Gift card Rp50.000' }, amount: 50_000 },
      { kind: 'redeem', facts: charge, amount: -10_000 },
      { kind: 'redeem', facts: charge, amount: -5_000 },
      // A void the merchant gave no reason for shows none: the server's own words are not a reason.
      { kind: 'reversal', facts: { kind: 'reversal', reversed: charge, reason: null }, amount: 10_000 },
      { kind: 'reversal', facts: { kind: 'reversal', reversed: charge, reason: 'Salah nominal' }, amount: 5_000 },
    ]);
  });
});

describe('entries written before their writers kept facts', () => {
  it('reads what the row has: its kind, reference and metadata, and the fixed words its writer left', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId });
    const db = testApp.db;
    const card = member.card;
    const now = later;
    await earn({ db, now: now(), merchantId, card, amount: 500n, reference: 'KS-1', description: 'Purchase at Kopi Senja', metadata: { source: 'purchase', billNumber: 'KS-1', items: [] } });
    // A claim of a reward the card has no row of: its title as recorded, its kind unknown.
    await earn({ db, now: now(), merchantId, card, amount: 20n, description: 'Silver level bonus', metadata: { source: 'reward', rewardId: randomUUID() } });
    await earn({ db, now: now(), merchantId, card, amount: 7n, description: 'Opening bonus' });
    const orderId = randomUUID();
    const order = await redeem({ db, now: now(), merchantId, card, amount: 100n, reference: `order:${orderId}`, description: 'Order 250601-K7QW2M', metadata: { orderId } });
    await reverseEntry({ db, now: now(), merchantId, entryId: order.id, reason: 'Order 250601-K7QW2M returned' });
    await redeem({ db, now: now(), merchantId, card, amount: 50n, reference: 'KS-RDM-0001', description: 'Free Kopi Susu Senja' });
    const charge = await redeem({ db, now: now(), merchantId, card, amount: 30n, description: 'Kopi Senja Senayan', metadata: { source: 'gift-card', channel: 'till', outletId: randomUUID() } });
    await reverseEntry({ db, now: now(), merchantId, entryId: charge.id, reason: 'Gift card charge voided' });

    expect((await factsOf(member)).map(({ facts }) => facts)).toEqual([
      { kind: 'purchase', billNumber: 'KS-1' },
      { kind: 'reward', reward: null, title: 'Silver level bonus' },
      { kind: 'earned', note: 'Opening bonus' },
      { kind: 'order_payment', orderId, orderNumber: '250601-K7QW2M' },
      { kind: 'order_refund', orderId, orderNumber: '250601-K7QW2M', status: 'returned' },
      { kind: 'redeemed', note: 'Free Kopi Susu Senja' },
      { kind: 'gift_card_charge', outletName: 'Kopi Senja Senayan' },
      { kind: 'reversal', reversed: { kind: 'gift_card_charge', outletName: 'Kopi Senja Senayan' }, reason: null },
    ]);
  });

  it('reads a reward claimed before by the reward the card still holds', async () => {
    const member = await memberWithCard(testApp, { merchantId, programId: demoProgramIds.kopiSenjaRewards });
    const reward = await grantProgramReward({ db: testApp.db, card: member.card, kind: 'welcome', now: testApp.clock.now() });
    if (!reward) throw new Error('The demo program has no welcome reward');
    // Recorded without its title, as no writer does today: the reward's own title answers.
    await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card: member.card, amount: 50n, metadata: { source: 'reward', rewardId: reward.id } });
    const [claimed] = await historyOf(member);
    expect(claimed?.facts).toEqual({ kind: 'reward', reward: 'welcome', title: 'Welcome bonus' });
  });

  it('never names a reward of another card', async () => {
    const owner = await memberWithCard(testApp, { merchantId, programId: demoProgramIds.kopiSenjaRewards });
    const reward = await grantProgramReward({ db: testApp.db, card: owner.card, kind: 'welcome', now: testApp.clock.now() });
    const other = await memberWithCard(testApp, { merchantId, programId: demoProgramIds.kopiSenjaRewards });
    await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card: other.card, amount: 5n, metadata: { source: 'reward', rewardId: reward?.id } });
    expect((await historyOf(other))[0]?.facts).toEqual({ kind: 'reward', reward: null, title: null });
  });
});
