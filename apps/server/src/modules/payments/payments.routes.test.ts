import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAnswerSchema, sandboxPaymentListSchema, type PaymentAnswer } from '@kartu/contracts';
import { newMember, type TestMember } from '../../test/members.ts';
import { merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { findIntentEvents } from './payments.repository.ts';
import { createPaymentIntent } from './payments.service.ts';
import { createPaymentsTestApp, deliver, newPayment, sandboxMessage, sandboxSecret, testPayments } from './payments.test-support.ts';

let testApp: TestApp;
let member: TestMember;
const logLines: string[] = [];

beforeAll(async () => {
  testApp = await createPaymentsTestApp({ logStream: { write: (line) => void logLines.push(line) } });
  member = await newMember(testApp);
});
afterAll(async () => {
  await testApp.close();
});

async function follow(payment: { id: string }, who: TestMember = member, host = 'localhost') {
  return testApp.app.inject({ method: 'GET', url: `/api/v2/payments/${payment.id}`, headers: { host, authorization: `Bearer ${who.token}` } });
}

async function statusOf(payment: PaymentAnswer) {
  return paymentAnswerSchema.parse((await follow(payment)).json()).status;
}

function paidMessage(payment: PaymentAnswer, fields: Partial<Parameters<typeof sandboxMessage>[0]> = {}) {
  return sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: String(payment.amount), ...fields });
}

describe('GET /api/v2/payments/{id}', () => {
  it('answers the member what to pay, how much and until when', async () => {
    const payment = await newPayment(testApp, { member, amountMinor: 125_000n, method: 'virtual_account' });
    const response = await follow(payment);
    expect(response.statusCode).toBe(200);
    const answer = paymentAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ id: payment.id, status: 'waiting_payment', amount: 125_000, currency: 'IDR', method: 'virtual_account', failureReason: null });
    expect(answer.instructions).toMatchObject({ kind: 'virtual_account', bank: 'SANDBOX' });
    expect(answer.expiresAt).toBe(new Date(testApp.clock.now().getTime() + 24 * 3600_000).toISOString());
  });

  it("is not found for another member, another merchant's site, or nobody", async () => {
    const payment = await newPayment(testApp, { member });
    const stranger = await newMember(testApp);
    const response = await follow(payment, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    const elsewhere = await newMember(testApp, { host: 'v2.localhost' });
    expect((await follow(payment, elsewhere, 'v2.localhost')).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/v2/payments/${payment.id}`, headers: { host: 'localhost' } })).statusCode).toBe(401);
    expect((await follow({ id: randomUUID() })).statusCode).toBe(404);
  });
});

describe('creating a payment intent', () => {
  const create = (key: string, amountMinor: bigint) =>
    createPaymentIntent({
      db: testApp.db,
      payments: testPayments(),
      merchant: { id: member.user.merchantId },
      user: { id: member.userId },
      subject: { type: 'subscription', id: 'plan-gold' },
      amountMinor,
      currency: 'IDR',
      method: 'qris',
      idempotencyKey: key,
      now: testApp.clock.now(),
    });

  it('answers the same intent to the same key, and refuses the key with another body', async () => {
    const key = randomUUID();
    const first = await create(key, 99_000n);
    const again = await create(key, 99_000n);
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ replayed: true, body: first.body });
    expect(first.body.instructions).toMatchObject({ kind: 'qris' });
    await expect(create(key, 1_000n)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 422 });
    const list = sandboxPaymentListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/dev/payments', headers: { host: 'localhost' } })).json());
    expect(list.data.filter((payment) => payment.subject.id === 'plan-gold' && payment.amount === 99_000)).toHaveLength(1);
  });

  it('refuses a deployment without a provider before writing anything', async () => {
    const none = { ...testPayments(), providers: new Map(), sandbox: undefined };
    // A merchant without a bank account: one with an account would still take manual transfers.
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    await expect(createPaymentIntent({ db: testApp.db, payments: none, merchant: { id: lumina }, user: { id: member.userId }, subject: { type: 'order', id: 'x' }, amountMinor: 10n, currency: 'IDR', method: 'qris', idempotencyKey: randomUUID(), now: testApp.clock.now() })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
  });
});

describe('POST /webhooks/payments/{provider}', () => {
  it('applies a signed message once: paid, recorded in the event log', async () => {
    const payment = await newPayment(testApp, { member });
    const response = await deliver(testApp, paidMessage(payment));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'applied' });
    expect(await statusOf(payment)).toBe('paid');
    expect((await findIntentEvents(testApp.db, payment.id)).map((event) => [event.kind, event.outcome])).toEqual([['paid', 'applied']]);
  });

  it('refuses a forged signature with 401 and changes nothing', async () => {
    const payment = await newPayment(testApp, { member });
    const forged = sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: String(payment.amount) }, 'not-the-secret-not-the-secret-not-the-secret');
    const response = await deliver(testApp, forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_SIGNATURE_INVALID' });
    // A genuine signature of another body does not carry over to a changed one.
    const genuine = paidMessage(payment);
    const tampered = { body: genuine.body.replace('"paid"', '"failed"'), headers: genuine.headers };
    expect((await deliver(testApp, tampered)).statusCode).toBe(401);
    expect((await deliver(testApp, { body: genuine.body, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    expect(await statusOf(payment)).toBe('waiting_payment');
    expect(await findIntentEvents(testApp.db, payment.id)).toEqual([]);
  });

  it('answers a message delivered again 200 with no second effect', async () => {
    const payment = await newPayment(testApp, { member });
    const message = sandboxMessage({ intentId: payment.id, status: 'failed', amountMinor: String(payment.amount), failureReason: 'insufficient_balance' });
    expect((await deliver(testApp, message)).json()).toEqual({ outcome: 'applied' });
    const again = await deliver(testApp, message);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'duplicate' });
    expect((await findIntentEvents(testApp.db, payment.id)).length).toBe(1);
    expect(paymentAnswerSchema.parse((await follow(payment)).json())).toMatchObject({ status: 'failed', failureReason: 'insufficient_balance' });
  });

  it('tells the member a reason of ours: one the app does not know reads as failed', async () => {
    const payment = await newPayment(testApp, { member });
    await deliver(testApp, sandboxMessage({ intentId: payment.id, status: 'failed', amountMinor: String(payment.amount), failureReason: 'do_not_honour_05' }));
    expect(paymentAnswerSchema.parse((await follow(payment)).json())).toMatchObject({ status: 'failed', failureReason: 'failed' });
  });

  it('applies one of two simultaneous deliveries of a message and answers the other as a duplicate', async () => {
    const payment = await newPayment(testApp, { member });
    const message = paidMessage(payment);
    const outcomes = await Promise.all([deliver(testApp, message), deliver(testApp, message)]);
    expect(outcomes.map((response) => response.json<{ outcome: string }>().outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await findIntentEvents(testApp.db, payment.id)).toHaveLength(1);
  });

  it('never takes a paid intent back: a late waiting or expired message is ignored', async () => {
    const payment = await newPayment(testApp, { member });
    await deliver(testApp, paidMessage(payment));
    const late = await deliver(testApp, sandboxMessage({ intentId: payment.id, status: 'waiting_payment', amountMinor: String(payment.amount) }));
    expect(late.json()).toEqual({ outcome: 'ignored' });
    expect((await deliver(testApp, sandboxMessage({ intentId: payment.id, status: 'expired', amountMinor: String(payment.amount) }))).json()).toEqual({ outcome: 'ignored' });
    expect(await statusOf(payment)).toBe('paid');
    expect((await findIntentEvents(testApp.db, payment.id)).map((event) => event.outcome)).toEqual(['applied', 'ignored', 'ignored']);
  });

  it('refuses a message for another amount or currency: recorded, logged, status unchanged', async () => {
    const payment = await newPayment(testApp, { member, amountMinor: 50_000n });
    const cheaper = await deliver(testApp, paidMessage(payment, { amountMinor: '5000' }));
    expect(cheaper.statusCode).toBe(200);
    expect(cheaper.json()).toEqual({ outcome: 'refused' });
    expect((await deliver(testApp, paidMessage(payment, { currency: 'USD' }))).json()).toEqual({ outcome: 'refused' });
    expect(await statusOf(payment)).toBe('waiting_payment');
    expect((await findIntentEvents(testApp.db, payment.id)).map((event) => event.outcome)).toEqual(['refused', 'refused']);
    const logged = logLines.filter((line) => line.includes(payment.id) && line.includes('payment message refused'));
    expect(logged).toHaveLength(2);
    expect(logged.join('')).not.toContain(sandboxSecret);
  });

  it('answers 404 for an unknown payment or a provider not wired in, and 400 for an unknown provider', async () => {
    expect((await deliver(testApp, sandboxMessage({ intentId: randomUUID(), status: 'paid', amountMinor: '1' }))).statusCode).toBe(404);
    const payment = await newPayment(testApp, { member });
    expect((await deliver(testApp, paidMessage(payment), 'xendit')).statusCode).toBe(404);
    expect((await deliver(testApp, paidMessage(payment), 'paypal')).statusCode).toBe(400);
    expect(await statusOf(payment)).toBe('waiting_payment');
  });
});

describe('the sandbox development endpoints', () => {
  it('pay, fail and expire a payment through the signed webhook path', async () => {
    const act = (payment: PaymentAnswer, action: string) => testApp.app.inject({ method: 'POST', url: `/api/dev/payments/${payment.id}/${action}`, headers: { host: 'localhost' } });
    const paid = await newPayment(testApp, { member });
    const response = await act(paid, 'pay');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'applied', payment: { id: paid.id, status: 'paid' } });
    expect((await act(paid, 'expire')).json()).toMatchObject({ outcome: 'ignored', payment: { status: 'paid' } });

    const failed = await newPayment(testApp, { member });
    expect((await act(failed, 'fail')).json()).toMatchObject({ payment: { status: 'failed', failureReason: 'declined' } });
    const expired = await newPayment(testApp, { member });
    expect((await act(expired, 'expire')).json()).toMatchObject({ payment: { status: 'expired' } });

    // Another merchant's site does not reach this merchant's payments.
    const other = await testApp.app.inject({ method: 'POST', url: `/api/dev/payments/${paid.id}/pay`, headers: { host: 'v2.localhost' } });
    expect(other.statusCode).toBe(404);
  });
});
