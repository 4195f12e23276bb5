import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, qrisCardOptionsAnswerSchema, qrisPaymentAnswerSchema, qrisWalletLinkAnswerSchema, type QrisPayment } from '@kartu/contracts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { withAmount } from '@kartu/core/qris';
import { memberWithCard, memberWithPoints, newProgram, send, type CardMember } from '../../modules/cards/cards.test-support.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { setShopSettings } from '../../modules/orders/shop-settings.service.ts';
import { createPaymentsTestApp, deliver, sandboxMessage } from '../../modules/payments/payments.test-support.ts';
import { warungQris } from '../../test/qris.test-support.ts';
import { merchantIdOf, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let merchantId: number;

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  merchantId = await merchantIdOf(testApp.db);
});
afterAll(async () => {
  await testApp.close();
});

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

const staticQris = warungQris;

async function pointsMember() {
  const program = await newProgram(testApp, merchantId, { name: `QRIS ${randomUUID().slice(0, 6)}` });
  return memberWithCard(testApp, { merchantId, programId: program.id });
}

const link = (member: CardMember, body: object = { wallet: 'gopay', phone: '0812 3456 7890' }) => send(testApp, 'PUT', '/api/v2/qris/wallet', { member, body });

function pay(member: CardMember, body: object, key: string | null = randomUUID()) {
  return send(testApp, 'POST', `/api/v2/cards/${member.card.id}/qris-payments`, { member, body, headers: key ? { 'idempotency-key': key } : {} });
}

async function paid(member: CardMember, body: object): Promise<QrisPayment> {
  const response = await pay(member, body);
  expect(response.statusCode, response.body).toBe(201);
  return qrisPaymentAnswerSchema.parse(response.json()).data;
}

const follow = async (member: CardMember, id: string) => qrisPaymentAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/qris-payments/${id}`, { member })).json()).data;

describe('paying a QRIS', () => {
  it('welcomes a member with no wallet, links one, and pays a static QRIS of Rp 25.000 through it', async () => {
    const member = await pointsMember();
    expect(qrisWalletLinkAnswerSchema.parse((await send(testApp, 'GET', '/api/v2/qris/wallet', { member })).json()).data).toBeNull();
    const unlinked = await pay(member, { qris: staticQris, amount: 25_000, source: 'wallet' });
    expect([unlinked.statusCode, codeOf(unlinked)]).toEqual([409, 'QRIS_WALLET_NOT_LINKED']);

    const badPhone = await link(member, { wallet: 'gopay', phone: '12345' });
    expect([badPhone.statusCode, codeOf(badPhone)]).toEqual([400, 'VALIDATION_FAILED']);
    const linked = qrisWalletLinkAnswerSchema.parse((await link(member)).json()).data;
    expect(linked).toMatchObject({ wallet: 'gopay', phone: '+62 812-****-7890' });

    const payment = await paid(member, { qris: staticQris, amount: 25_000, source: 'wallet' });
    expect(payment).toMatchObject({ merchantName: 'WARUNG BU SARI', merchantCity: 'BANDUNG', amount: 25_000, currency: 'IDR', source: 'wallet', status: 'pending', paidAt: null });
    expect(payment.payment).toMatchObject({ method: 'ewallet', amount: 25_000, subject: { type: 'qris', id: payment.id }, instructions: { kind: 'redirect' } });

    const message = sandboxMessage({ intentId: payment.payment?.id ?? '', status: 'paid', amountMinor: '25000' });
    expect((await deliver(testApp, message)).statusCode).toBe(200);
    expect(await follow(member, payment.id)).toMatchObject({ status: 'paid', paidAt: testApp.clock.now().toISOString() });
    // The provider telling it twice changes nothing.
    expect((await deliver(testApp, message)).statusCode).toBe(200);
    expect((await follow(member, payment.id)).status).toBe('paid');
  });

  it('pays a dynamic QRIS its own amount, whatever the app sends, and refuses above Rp 2,000,000 or a broken code', async () => {
    const member = await pointsMember();
    await link(member);
    const dynamic = await paid(member, { qris: withAmount(staticQris, 40_000n), amount: 1, source: 'wallet' });
    expect(dynamic.amount).toBe(40_000);

    for (const body of [{ qris: staticQris, amount: 2_000_001, source: 'wallet' }, { qris: withAmount(staticQris, 2_000_001n), source: 'wallet' }]) {
      const refused = await pay(member, body);
      expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'QRIS_AMOUNT_TOO_HIGH']);
    }
    expect((await paid(member, { qris: staticQris, amount: 2_000_000, source: 'wallet' })).amount).toBe(2_000_000);
    const broken = await pay(member, { qris: `${staticQris.slice(0, -4)}FFFF`, amount: 1000, source: 'wallet' });
    expect([broken.statusCode, codeOf(broken)]).toEqual([400, 'QRIS_UNRECOGNISED']);
    const noAmount = await pay(member, { qris: staticQris, source: 'wallet' });
    expect([noAmount.statusCode, codeOf(noAmount)]).toEqual([400, 'VALIDATION_FAILED']);
    const noKey = await pay(member, { qris: staticQris, amount: 1000, source: 'wallet' }, null);
    expect([noKey.statusCode, codeOf(noKey)]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });

  it('answers the same payment to a retry with the same key', async () => {
    const member = await pointsMember();
    await link(member);
    const key = randomUUID();
    const first = await pay(member, { qris: staticQris, amount: 5000, source: 'wallet' }, key);
    const again = await pay(member, { qris: staticQris, amount: 5000, source: 'wallet' }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(qrisPaymentAnswerSchema.parse(again.json()).data.id).toBe(qrisPaymentAnswerSchema.parse(first.json()).data.id);
  });

  it('a payment not finished in time is expired, and a new one is needed', async () => {
    const member = await pointsMember();
    await link(member);
    const payment = await paid(member, { qris: staticQris, amount: 5000, source: 'wallet' });
    expect(new Date(payment.expiresAt).getTime()).toBe(testApp.clock.now().getTime() + 30 * MINUTE_MS);
    testApp.clock.advance(30 * MINUTE_MS);
    expect((await follow(member, payment.id)).status).toBe('expired');
  });

  it('pays from a cash card’s balance at once; points cannot pay, nor more than the balance', async () => {
    const cashProgram = await newProgram(testApp, merchantId, { name: `Cash ${randomUUID().slice(0, 6)}`, unit: 'CASH', currencyCode: 'IDR' });
    const cash = await memberWithPoints(testApp, { merchantId, programId: cashProgram.id, points: 50_000 });
    const payment = await paid(cash, { qris: staticQris, amount: 30_000, source: 'balance' });
    expect(payment).toMatchObject({ status: 'paid', source: 'balance', payment: null });
    expect(await getBalance({ db: testApp.db, card: cash.card, now: testApp.clock.now() })).toBe(20_000n);
    const short = await pay(cash, { qris: staticQris, amount: 30_000, source: 'balance' });
    expect([short.statusCode, codeOf(short)]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await getBalance({ db: testApp.db, card: cash.card, now: testApp.clock.now() })).toBe(20_000n);

    const points = await pointsMember();
    const refused = await pay(points, { qris: staticQris, amount: 1000, source: 'balance' });
    expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'PAYMENT_METHOD_UNAVAILABLE']);
  });

  it('keeps each member to their own cards and payments', async () => {
    const member = await pointsMember();
    const stranger = await pointsMember();
    await link(member);
    const payment = await paid(member, { qris: staticQris, amount: 5000, source: 'wallet' });
    const theirs = await send(testApp, 'GET', `/api/v2/cards/${stranger.card.id}/qris-payments/${payment.id}`, { member: stranger });
    expect([theirs.statusCode, codeOf(theirs)]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    const otherCard = await send(testApp, 'POST', `/api/v2/cards/${stranger.card.id}/qris-payments`, { member, body: { qris: staticQris, amount: 1000, source: 'wallet' }, headers: { 'idempotency-key': randomUUID() } });
    expect([otherCard.statusCode, codeOf(otherCard)]).toEqual([404, 'CARD_NOT_FOUND']);
  });

  it('pays with points where the program sets a rupiah value of a point, the points rounded up; not where it sets none', async () => {
    const program = await newProgram(testApp, merchantId, { name: `Points ${randomUUID().slice(0, 6)}`, expiryPolicy: 'none', expiryDays: null });
    const member = await memberWithPoints(testApp, { merchantId, programId: program.id, points: 1_000 });
    const options = async () => qrisCardOptionsAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/qris-options`, { member })).json()).data;
    expect(await options()).toEqual({ pointValue: null, cashBalance: false });
    const refused = await pay(member, { qris: staticQris, amount: 25_050, source: 'points' });
    expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'PAYMENT_METHOD_UNAVAILABLE']);

    await setShopSettings({ db: testApp.db, merchantId, programId: program.id, changes: { pointValueMinor: 100n }, now: testApp.clock.now() });
    expect(await options()).toEqual({ pointValue: 100, cashBalance: false });
    const payment = await paid(member, { qris: staticQris, amount: 25_050, source: 'points' });
    expect(payment).toMatchObject({ status: 'paid', source: 'points', spent: 251, payment: null });
    expect(await getBalance({ db: testApp.db, card: member.card, now: testApp.clock.now() })).toBe(749n);
    const short = await pay(member, { qris: staticQris, amount: 100_000, source: 'points' });
    expect([short.statusCode, codeOf(short)]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    const stranger = await pointsMember();
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/qris-options`, { member: stranger })).statusCode).toBe(404);
  });
});
