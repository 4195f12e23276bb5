import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardListAnswerSchema,
  errorBodySchema,
  giftCardActivationAnswerSchema,
  giftCardAnswerSchema,
  giftCardChargeAnswerSchema,
  giftCardChargeDetailAnswerSchema,
  voucherAnswerSchema,
} from '@kartu/contracts';
import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';
import { createApiKey } from '../../integration/api-keys.service.ts';
import type { components } from '../../test/api/integration-api.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import { createTestApp, merchantIdOf, openDemoTransfers, type TestApp } from '../../test/test-app.ts';
import { memberWithPoints, newProgram, send, type CardMember } from '../cards/cards.test-support.ts';
import { ledgerInvariantViolations, noViolations } from '../ledger/ledger.test-support.ts';
import { outletCodeKeyFor } from '../outlets/outlet-code-key.ts';
import { createOutlet } from '../outlets/outlets.service.ts';
import type { OutletRow } from '../outlets/outlets.table.ts';
import { issueVouchers } from '../vouchers/voucher-issuing.service.ts';
import { createVoucherTemplate } from '../vouchers/vouchers.service.ts';
import type { VoucherTemplateRow } from '../vouchers/vouchers.table.ts';

let testApp: TestApp;
let merchantId: number;
let loyaltyProgramId: string;
let giftTemplate: VoucherTemplateRow;
let outlet: OutletRow;
let staffOutlet: OutletRow;
let till: IntegrationClient;

beforeAll(async () => {
  testApp = await createTestApp();
  await openDemoTransfers(testApp);
  merchantId = await merchantIdOf(testApp.db);
  loyaltyProgramId = (await newProgram(testApp, merchantId, { name: 'Gift Shop Points' })).id;
  const giftProgram = await newProgram(testApp, merchantId, { name: 'Kopi Senja Gift Card', type: 'egift', unit: 'CASH', currencyCode: 'IDR', earnRateNumerator: 0n, expiryPolicy: 'none', expiryDays: null });
  giftTemplate = await createVoucherTemplate(testApp.db, {
    merchantId,
    programId: loyaltyProgramId,
    name: 'Gift card Rp100.000',
    usableAt: 'in_store',
    validityDays: 365,
    giftCardProgramId: giftProgram.id,
    giftCardValue: 100_000n,
  });
  const codeKey = outletCodeKeyFor(testApp.env.CODE_SECRET);
  outlet = await createOutlet({ db: testApp.db, merchantId, name: 'Kopi Senja Senopati', code: 'SENO42', requiresCashierCode: false, codeKey });
  staffOutlet = await createOutlet({ db: testApp.db, merchantId, name: 'Kopi Senja Kemang', code: 'KMG77', requiresCashierCode: true, codeKey });
  till = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId, name: 'Till' })).key });
});
afterAll(async () => {
  await testApp.close();
});

const errorOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json());
const chargeAtTill = (body: components['schemas']['IntegrationGiftCardChargeBody'], client = till) =>
  client.POST('/integration/v1/gift-cards/charges', { params: { header: { 'idempotency-key': newWriteKey() } }, body });
const voidAtTill = (chargeId: string) =>
  till.POST('/integration/v1/gift-cards/charges/{chargeId}/void', { params: { path: { chargeId }, header: { 'idempotency-key': newWriteKey() } }, body: {} });

/** A member holding one e-gift voucher on their loyalty card. */
async function giftHolder(): Promise<{ member: CardMember; voucherId: string }> {
  const member = await memberWithPoints(testApp, { merchantId, programId: loyaltyProgramId, points: 0 });
  const [voucher] = await issueVouchers(testApp.db, { merchantId, holder: { userId: member.userId, cardId: member.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template: giftTemplate, quantity: 1 }], now: testApp.clock.now() });
  return { member, voucherId: voucher?.id ?? '' };
}

async function activated(): Promise<{ member: CardMember; cardId: string }> {
  const { member, voucherId } = await giftHolder();
  const answer = await send(testApp, 'POST', `/api/v2/vouchers/${voucherId}/activate`, { member });
  expect(answer.statusCode, answer.body).toBe(200);
  return { member, cardId: giftCardActivationAnswerSchema.parse(answer.json()).data.cardId };
}

function payAtCounter(member: CardMember, cardId: string, body: object, key = randomUUID()) {
  return send(testApp, 'POST', `/api/v2/gift-cards/${cardId}/charges`, { member, body, headers: { 'idempotency-key': key } });
}

async function giftCardOf(member: CardMember, cardId: string) {
  const answer = await send(testApp, 'GET', `/api/v2/gift-cards/${cardId}`, { member });
  expect(answer.statusCode, answer.body).toBe(200);
  return giftCardAnswerSchema.parse(answer.json()).data;
}

describe('activating an e-gift voucher', () => {
  it('makes it a gift card of the e-gift program in the member’s cards, loaded with its value, once', async () => {
    const { member, voucherId } = await giftHolder();
    const voucher = voucherAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/vouchers/${voucherId}`, { member })).json()).data;
    expect(voucher.giftCard).toMatchObject({ value: 100_000, currencyCode: 'IDR', programName: 'Kopi Senja Gift Card', cardId: null });

    const first = await send(testApp, 'POST', `/api/v2/vouchers/${voucherId}/activate`, { member });
    expect(first.statusCode, first.body).toBe(200);
    const { cardId } = giftCardActivationAnswerSchema.parse(first.json()).data;
    const again = giftCardActivationAnswerSchema.parse((await send(testApp, 'POST', `/api/v2/vouchers/${voucherId}/activate`, { member })).json()).data;
    expect(again.cardId).toBe(cardId);

    const card = await giftCardOf(member, cardId);
    expect(card).toMatchObject({ faceValue: 100_000, balance: 100_000, programName: 'Kopi Senja Gift Card', isUsable: true, charges: [] });
    expect(card.currency.code).toBe('IDR');
    expect(card.payCode).toMatch(/^[2-9A-HJKMNP-Z]{13}$/);

    const list = cardListAnswerSchema.parse((await send(testApp, 'GET', '/api/v2/cards', { member })).json());
    expect(list.data.find((item) => item.id === cardId)).toMatchObject({ type: 'eGift', programType: 'egift', balance: { amount: 100_000, unit: 'CASH' } });
    expect(list.data.find((item) => item.id === member.card.id)?.type).toBe('loyalty');

    const used = voucherAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/vouchers/${voucherId}`, { member })).json()).data;
    expect(used).toMatchObject({ status: 'used', giftCard: { cardId } });
    expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  });

  it("refuses anyone else's voucher, one that is not a gift card, and one past its expiry", async () => {
    const { voucherId } = await giftHolder();
    const stranger = await memberWithPoints(testApp, { merchantId, programId: loyaltyProgramId, points: 0 });
    expect((await send(testApp, 'POST', `/api/v2/vouchers/${voucherId}/activate`, { member: stranger })).statusCode).toBe(404);

    const plain = await createVoucherTemplate(testApp.db, { merchantId, programId: loyaltyProgramId, name: 'Kopi Susu', usableAt: 'in_store', validityDays: 30 });
    const [kopi] = await issueVouchers(testApp.db, { merchantId, holder: { userId: stranger.userId, cardId: stranger.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template: plain, quantity: 1 }], now: testApp.clock.now() });
    expect((await send(testApp, 'POST', `/api/v2/vouchers/${kopi?.id}/activate`, { member: stranger })).statusCode).toBe(422);

    const shortLived = await createVoucherTemplate(testApp.db, { ...giftTemplate, id: undefined, name: 'Gift card for today', validityDays: 1 });
    const [late] = await issueVouchers(testApp.db, { merchantId, holder: { userId: stranger.userId, cardId: stranger.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template: shortLived, quantity: 1 }], now: testApp.clock.now() });
    testApp.clock.advance(2 * DAY_MS);
    try {
      const refused = await send(testApp, 'POST', `/api/v2/vouchers/${late?.id}/activate`, { member: stranger });
      expect(errorOf(refused).code).toBe('VOUCHER_NOT_USABLE');
    } finally {
      testApp.clock.advance(-2 * DAY_MS);
    }
  });

  it('is not redeemed at the counter as a voucher would be', async () => {
    const { member, voucherId } = await giftHolder();
    const refused = await send(testApp, 'POST', `/api/v2/vouchers/${voucherId}/redeem`, { member, body: { outletCode: 'SENO42' } });
    expect(errorOf(refused).code).toBe('VOUCHER_IS_GIFT_CARD');
  });
});

describe('paying with a gift card at the counter', () => {
  it('takes the amount with the outlet code, answers a retry with the first charge, and refuses more than is left', async () => {
    const { member, cardId } = await activated();
    const key = randomUUID();
    const paid = await payAtCounter(member, cardId, { amount: 35_000, outletCode: ' seno42 ' }, key);
    expect(paid.statusCode, paid.body).toBe(201);
    const { charge, balance } = giftCardChargeAnswerSchema.parse(paid.json()).data;
    expect(balance).toBe(65_000);
    expect(charge).toMatchObject({ amount: 35_000, outlet: { name: 'Kopi Senja Senopati' }, channel: 'counter', voidedAt: null });

    const retried = giftCardChargeAnswerSchema.parse((await payAtCounter(member, cardId, { amount: 35_000, outletCode: 'SENO42' }, key)).json()).data;
    expect(retried.charge.id).toBe(charge.id);
    expect(retried.balance).toBe(65_000);
    expect(errorOf(await payAtCounter(member, cardId, { amount: 1_000, outletCode: 'SENO42' }, key)).code).toBe('IDEMPOTENCY_KEY_REUSED');

    const tooMuch = await payAtCounter(member, cardId, { amount: 65_001, outletCode: 'WRONG1' });
    expect(tooMuch.statusCode).toBe(422);
    expect(errorOf(tooMuch).code).toBe('INSUFFICIENT_BALANCE');
    testApp.clock.advance(60_000);
    expect((await payAtCounter(member, cardId, { amount: 65_000, outletCode: 'SENO42' })).statusCode).toBe(201);

    const card = await giftCardOf(member, cardId);
    expect(card).toMatchObject({ balance: 0, isUsable: false });
    expect(card.charges.map((item) => item.amount)).toEqual([65_000, 35_000]);

    const detail = await send(testApp, 'GET', `/api/v2/gift-card-charges/${charge.id}`, { member });
    expect(giftCardChargeDetailAnswerSchema.parse(detail.json()).data).toMatchObject({ id: charge.id, amount: 35_000, card: { id: cardId, programName: 'Kopi Senja Gift Card' } });
    const stranger = await memberWithPoints(testApp, { merchantId, programId: loyaltyProgramId, points: 0 });
    expect((await send(testApp, 'GET', `/api/v2/gift-card-charges/${charge.id}`, { member: stranger })).statusCode).toBe(404);
    expect((await send(testApp, 'GET', `/api/v2/gift-cards/${cardId}`, { member: stranger })).statusCode).toBe(404);
    expect((await payAtCounter(stranger, cardId, { amount: 1, outletCode: 'SENO42' })).statusCode).toBe(404);
    expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  });

  it("locks the card's payments for 24 hours at the third wrong code, and asks for the cashier where the outlet wants one", async () => {
    const { member, cardId } = await activated();
    expect(errorOf(await payAtCounter(member, cardId, { amount: 10_000, outletCode: 'KMG77' }))).toMatchObject({ code: 'GIFT_CARD_OUTLET_CODE_INVALID', attemptsRemaining: 2 });
    expect(errorOf(await payAtCounter(member, cardId, { amount: 10_000, outletCode: 'NOPE11' }))).toMatchObject({ attemptsRemaining: 1 });
    const locked = await payAtCounter(member, cardId, { amount: 10_000, outletCode: 'NOPE22' });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('GIFT_CARD_LOCKED');
    expect((await payAtCounter(member, cardId, { amount: 10_000, outletCode: 'SENO42' })).statusCode).toBe(429);
    testApp.clock.advance(24 * HOUR_MS + 1_000);
    try {
      expect((await payAtCounter(member, cardId, { amount: 10_000, outletCode: 'SENO42' })).statusCode).toBe(201);
    } finally {
      testApp.clock.advance(-(24 * HOUR_MS + 1_000));
    }
    expect((await giftCardOf(member, cardId)).balance).toBe(90_000);
  });

  it('cannot send its balance to another member as points are sent', async () => {
    const { member, cardId } = await activated();
    const sent = await send(testApp, 'POST', `/api/v2/cards/${cardId}/transfer`, { member, body: { phone: '81200000000', countryCode: '62', amount: 1_000, pin: '123456' }, headers: { 'idempotency-key': randomUUID() } });
    expect(sent.statusCode, sent.body).toBe(422);
    expect(errorOf(sent).message).toContain("gift card");
    expect((await giftCardOf(member, cardId)).balance).toBe(100_000);
  });
});

describe('charging a gift card at the till', () => {
  it("charges the scanned code at the merchant's outlet and voids the charge the same day only", async () => {
    const { member, cardId } = await activated();
    const { payCode } = await giftCardOf(member, cardId);
    const charged = await chargeAtTill({ code: payCode.toLowerCase(), amount: 40_000, outletId: outlet.id, reference: 'BILL-7' });
    expect(charged.response.status, JSON.stringify(charged.error)).toBe(201);
    if (!charged.data) throw new Error('No answer');
    const charge = charged.data.data;
    expect(charge).toMatchObject({ amount: 40_000, balance: 60_000, channel: 'till', reference: 'BILL-7', outlet: { id: outlet.id } });
    expect((await giftCardOf(member, cardId)).balance).toBe(60_000);

    const tooMuch = await chargeAtTill({ code: payCode, amount: 60_001, outletId: outlet.id });
    expect(tooMuch.error?.code).toBe('INSUFFICIENT_BALANCE');

    const voided = await voidAtTill(charge.id);
    expect(voided.response.status, JSON.stringify(voided.error)).toBe(200);
    expect(voided.data?.data).toMatchObject({ balance: 100_000 });
    expect(voided.data).toMatchObject({ data: { voidedAt: testApp.clock.now().toISOString() } });
    expect((await voidAtTill(charge.id)).error?.code).toBe('GIFT_CARD_CHARGE_NOT_VOIDABLE');

    const { data: later } = await chargeAtTill({ code: payCode, amount: 5_000, outletId: staffOutlet.id });
    if (!later) throw new Error('No answer');
    testApp.clock.advance(DAY_MS);
    try {
      expect((await voidAtTill(later.data.id)).error?.code).toBe('GIFT_CARD_CHARGE_NOT_VOIDABLE');
    } finally {
      testApp.clock.advance(-DAY_MS);
    }
    expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  });

  it("keeps other merchants' tills, unknown codes and unknown outlets out", async () => {
    const { member, cardId } = await activated();
    const { payCode } = await giftCardOf(member, cardId);
    const lumina = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId: await merchantIdOf(testApp.db, 'LUMINABEAUTY'), name: 'Other till' })).key });
    expect((await chargeAtTill({ code: payCode, amount: 1_000, outletId: outlet.id }, lumina)).response.status).toBe(404);
    expect((await chargeAtTill({ code: 'NOSUCHCODE234', amount: 1_000, outletId: outlet.id })).response.status).toBe(404);
    expect((await chargeAtTill({ code: payCode, amount: 1_000, outletId: 'not-an-outlet' })).response.status).toBe(404);
    expect((await giftCardOf(member, cardId)).balance).toBe(100_000);
  });
});
