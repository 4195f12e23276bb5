import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { billPaymentAnswerSchema, billPaymentListSchema, billProductListSchema, billQuoteAnswerSchema, errorBodySchema, integrationBillListSchema, type BillPayment, type BillQuote } from '@kartu/contracts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import { sandboxBiller, signSandboxBillerCallback } from '../../modules/bills/billers/sandbox.biller.ts';
import type { BillerAdapter } from '../../modules/bills/billers/biller.ts';
import { memberWithPoints, newProgram, send, type CardMember } from '../../modules/cards/cards.test-support.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { setShopSettings } from '../../modules/orders/shop-settings.service.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { checkBill, payBill, settlePendingBills } from './pay-bill.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

/** A member of a points program worth Rp 100 a point, holding `points`; in the daytime, WIB. */
async function pointsMember(points = 5_000): Promise<CardMember> {
  testApp.clock.set(new Date('2026-12-01T03:00:00.000Z'));
  const program = await newProgram(testApp, merchantId, { name: `Bills ${randomUUID().slice(0, 6)}`, expiryPolicy: 'none', expiryDays: null });
  await setShopSettings({ db: testApp.db, merchantId, programId: program.id, changes: { pointValueMinor: 100n }, now: testApp.clock.now() });
  return memberWithPoints(testApp, { merchantId, programId: program.id, points });
}

const balanceOf = (member: CardMember) => getBalance({ db: testApp.db, card: member.card, now: testApp.clock.now() });

async function check(member: CardMember, body: { sku: string; customerNo: string }) {
  return send(testApp, 'POST', `/api/v2/cards/${member.card.id}/bills/check`, { member, body });
}

async function checked(member: CardMember, body: { sku: string; customerNo: string }): Promise<BillQuote> {
  const response = await check(member, body);
  expect(response.statusCode, response.body).toBe(200);
  return billQuoteAnswerSchema.parse(response.json()).data;
}

function pay(member: CardMember, body: { checkId: string; source: 'points' | 'balance' }, key: string = randomUUID()) {
  return send(testApp, 'POST', `/api/v2/cards/${member.card.id}/bills`, { member, body, headers: { 'idempotency-key': key } });
}

async function paid(member: CardMember, quote: BillQuote): Promise<BillPayment> {
  const response = await pay(member, { checkId: quote.checkId, source: 'points' });
  expect(response.statusCode, response.body).toBe(201);
  return billPaymentAnswerSchema.parse(response.json()).data;
}

describe('mobile credit and data', () => {
  it('lists the products of a kind, and sells Telkomsel credit for points with its serial number', async () => {
    const member = await pointsMember();
    const products = billProductListSchema.parse((await send(testApp, 'GET', '/api/v2/bills/products?category=mobile_credit', { member })).json()).data;
    expect(products.find((product) => product.sku === 'telkomsel-credit-25')).toMatchObject({ name: 'Telkomsel Rp 25.000', price: 26_500, kind: 'prepaid' });

    const quote = await checked(member, { sku: 'telkomsel-credit-25', customerNo: '0812-3456-7890' });
    expect(quote).toMatchObject({ customerNo: '081234567890', amount: 26_500, cost: { points: 265, balance: null, unit: 'POINT' } });
    const payment = await paid(member, quote);
    expect(payment).toMatchObject({ status: 'success', spent: 265, productName: 'Telkomsel Rp 25.000', message: 'Transaksi Sukses' });
    expect(payment.serialNumber).toMatch(/^\d+$/);
    expect(await balanceOf(member)).toBe(5_000n - 265n);
    expect(billPaymentListSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/bills`, { member })).json()).data[0]?.id).toBe(payment.id);
  });

  it('refuses a phone of another operator, or no phone at all', async () => {
    const member = await pointsMember();
    const other = await check(member, { sku: 'telkomsel-credit-25', customerNo: '085712345678' });
    expect([other.statusCode, codeOf(other)]).toEqual([422, 'BILL_PHONE_OPERATOR']);
    const invalid = await check(member, { sku: 'xl-credit-10', customerNo: '12345' });
    expect([invalid.statusCode, codeOf(invalid)]).toEqual([422, 'BILL_NOT_FOUND']);
    const unknown = await check(member, { sku: 'no-such-sku', customerNo: '081234567890' });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'BILL_PRODUCT_NOT_FOUND']);
  });

  it('gives the points back when the biller fails, and lets the same top-up be tried again that day', async () => {
    const member = await pointsMember();
    const failed = await paid(member, await checked(member, { sku: 'telkomsel-credit-10', customerNo: '081234567892' }));
    expect(failed).toMatchObject({ status: 'failed', serialNumber: null, spent: 115 });
    expect(await balanceOf(member)).toBe(5_000n);
    // A failed top-up does not count toward "the same phone and amount once a day".
    const again = await check(member, { sku: 'telkomsel-credit-10', customerNo: '081234567892' });
    expect(again.statusCode).toBe(200);
  });

  it('tops a phone up with one amount once a day; the next merchant day it may again', async () => {
    const member = await pointsMember();
    await paid(member, await checked(member, { sku: 'tri-credit-50', customerNo: '089612345678' }));
    const twice = await pay(member, { checkId: (await checked(member, { sku: 'tri-credit-50', customerNo: '089612345678' })).checkId, source: 'points' });
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'BILL_ALREADY_TOPPED_UP']);
    expect(await balanceOf(member)).toBe(5_000n - 515n);
    // Another amount the same day is another top-up.
    expect((await paid(member, await checked(member, { sku: 'tri-credit-25', customerNo: '089612345678' }))).status).toBe('success');
    testApp.clock.advance(24 * 3_600_000);
    expect((await paid(member, await checked(member, { sku: 'tri-credit-50', customerNo: '089612345678' }))).status).toBe('success');
  });

  it('settles a pending top-up by the status job, or by the biller’s signed callback, once', async () => {
    const member = await pointsMember();
    const pending = await paid(member, await checked(member, { sku: 'xl-credit-10', customerNo: '081712345673' }));
    expect(pending).toMatchObject({ status: 'pending', serialNumber: null });
    testApp.clock.advance(60_000);
    expect(await settlePendingBills({ db: testApp.db, biller: sandboxBiller(), now: testApp.clock.now() })).toBeGreaterThanOrEqual(1);
    const settled = billPaymentAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/bills/${pending.id}`, { member })).json()).data;
    expect(settled).toMatchObject({ status: 'success' });

    const failing = await paid(member, await checked(member, { sku: 'xl-credit-25', customerNo: '081712345674' }));
    expect(failing.status).toBe('pending');
    const body = JSON.stringify({ data: { ref_id: failing.id, customer_no: '081712345674', buyer_sku_code: 'xl-credit-25', message: 'Transaksi Gagal', status: 'Gagal', rc: '02', sn: '' } });
    const forged = await testApp.app.inject({ method: 'POST', url: '/webhooks/billers/sandbox', headers: { 'content-type': 'application/json', 'x-hub-signature': 'sha1=0000' }, payload: body });
    expect(forged.statusCode).toBe(401);
    const told = await testApp.app.inject({ method: 'POST', url: '/webhooks/billers/sandbox', headers: { 'content-type': 'application/json', ...signSandboxBillerCallback(body) }, payload: body });
    expect([told.statusCode, told.json()]).toEqual([200, { outcome: 'settled' }]);
    const again = await testApp.app.inject({ method: 'POST', url: '/webhooks/billers/sandbox', headers: { 'content-type': 'application/json', ...signSandboxBillerCallback(body) }, payload: body });
    expect(again.json()).toEqual({ outcome: 'ignored' });
    // Once given back, not twice.
    expect(await balanceOf(member)).toBe(5_000n - 115n);
  });

  it('refuses without an idempotency key, a check of someone else, an expired check, and points the card lacks', async () => {
    const member = await pointsMember(100);
    const quote = await checked(member, { sku: 'telkomsel-credit-25', customerNo: '081234567890' });
    const noKey = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/bills`, { member, body: { checkId: quote.checkId, source: 'points' } });
    expect([noKey.statusCode, codeOf(noKey)]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    const short = await pay(member, { checkId: quote.checkId, source: 'points' });
    expect([short.statusCode, codeOf(short)]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    const balance = await pay(member, { checkId: quote.checkId, source: 'balance' });
    expect([balance.statusCode, codeOf(balance)]).toEqual([422, 'PAYMENT_METHOD_UNAVAILABLE']);
    const stranger = await pointsMember();
    const theirs = await send(testApp, 'POST', `/api/v2/cards/${stranger.card.id}/bills`, { member: stranger, body: { checkId: quote.checkId, source: 'points' }, headers: { 'idempotency-key': randomUUID() } });
    expect(theirs.statusCode).toBe(404);
    testApp.clock.advance(15 * 60_000);
    const expired = await pay(member, { checkId: quote.checkId, source: 'points' });
    expect([expired.statusCode, codeOf(expired)]).toEqual([409, 'BILL_CHECK_EXPIRED']);
  });
});

describe('electricity, insurance, water and e-wallets', () => {
  it('checks a postpaid electricity bill with its customer and amount, and refuses one not found', async () => {
    const member = await pointsMember(20_000);
    const quote = await checked(member, { sku: 'pln-postpaid', customerNo: '530000000001' });
    expect(quote.customerName).toBeTruthy();
    expect(quote.adminFee).toBe(2_500);
    expect(quote.amount).toBeGreaterThan(50_000);
    expect(quote.cost.points).toBe(Math.ceil(quote.amount / 100));
    expect((await paid(member, quote)).status).toBe('success');
    const missing = await check(member, { sku: 'pln-postpaid', customerNo: '530000000009' });
    expect([missing.statusCode, codeOf(missing)]).toEqual([422, 'BILL_NOT_FOUND']);
    const malformed = await check(member, { sku: 'bpjs-health', customerNo: '12345678' });
    expect(codeOf(malformed)).toBe('BILL_NOT_FOUND');
  });

  it('closes electricity and water from 23:30 to 00:59 WIB, not mobile credit', async () => {
    const member = await pointsMember();
    for (const at of ['2026-12-01T16:30:00.000Z', '2026-12-01T17:59:00.000Z']) {
      testApp.clock.set(new Date(at));
      const closed = await check(member, { sku: 'pln-token-20', customerNo: '12345678901' });
      expect([closed.statusCode, codeOf(closed)]).toEqual([422, 'BILLER_CLOSED']);
      expect((await check(member, { sku: 'telkomsel-credit-5', customerNo: '081234567890' })).statusCode).toBe(200);
    }
    testApp.clock.set(new Date('2026-12-01T18:00:00.000Z'));
    expect((await check(member, { sku: 'pdam-water', customerNo: '1234567' })).statusCode).toBe(200);
  });

  it('refuses a water bill of more than 4 months', async () => {
    const member = await pointsMember();
    const fiveMonths: BillerAdapter = { ...sandboxBiller(), inquiry: async () => ({ found: true, customerName: 'SITI AMINAH', period: '5 months', amount: 250_000n, adminFee: 2_500n, details: { lembar_tagihan: '5' } }) };
    await expect(checkBill({ db: testApp.db, biller: fiveMonths, merchantId, userId: member.userId, cardId: member.card.id, body: { sku: 'pdam-water', customerNo: '1234567' }, now: testApp.clock.now() })).rejects.toMatchObject({ code: 'BILL_TOO_MANY_MONTHS' });
  });

  it('tops up an e-wallet with its Rp 500 admin fee, up to Rp 2,000,000 a day', async () => {
    const member = await pointsMember(50_000);
    const quote = await checked(member, { sku: 'gopay-1000', customerNo: '081234567890' });
    expect(quote).toMatchObject({ amount: 1_000_500, adminFee: 500 });
    expect((await paid(member, quote)).status).toBe('success');
    const over = await pay(member, { checkId: (await checked(member, { sku: 'ovo-1000', customerNo: '081298765430' })).checkId, source: 'points' });
    expect([over.statusCode, codeOf(over)]).toEqual([429, 'TOPUP_LIMIT_REACHED']);
  });

  it('the merchant sees members’ bills through the integration API', async () => {
    const member = await pointsMember();
    const payment = await paid(member, await checked(member, { sku: 'axis-credit-5', customerNo: '083812345678' }));
    const { key } = await createApiKey({ db: testApp.db, merchantId, name: 'Back office' });
    const list = integrationBillListSchema.parse((await callIntegration(testApp, 'GET', '/bills?status=success', { key })).json()).data;
    expect(list.find((entry) => entry.id === payment.id)).toMatchObject({ cardNumber: member.card.number, provider: 'sandbox', status: 'success' });
  });

  it('answers the same payment to a retry with the same key', async () => {
    const member = await pointsMember();
    const quote = await checked(member, { sku: 'indosat-credit-5', customerNo: '085712345678' });
    const key = randomUUID();
    const first = await pay(member, { checkId: quote.checkId, source: 'points' }, key);
    const again = await pay(member, { checkId: quote.checkId, source: 'points' }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(billPaymentAnswerSchema.parse(again.json()).data.id).toBe(billPaymentAnswerSchema.parse(first.json()).data.id);
    expect(await balanceOf(member)).toBe(5_000n - 65n);
    void payBill;
  });
});
