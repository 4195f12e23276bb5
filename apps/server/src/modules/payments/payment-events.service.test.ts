import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, type TestMember } from '../../test/members.ts';
import type { TestApp } from '../../test/test-app.ts';
import { applyPaymentEvent, receivePaymentWebhook } from './payment-events.service.ts';
import type { PaymentEffectInput, PaymentEffects } from './payment-effects.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';
import { findIntentEvents } from './payments.repository.ts';
import { createPaymentIntent, getMemberPayment } from './payments.service.ts';
import { listSandboxPayments } from './sandbox-payments.service.ts';
import { createPaymentsTestApp, newPayment, sandboxMessage, testPayments } from './payments.test-support.ts';

let testApp: TestApp;
let member: TestMember;
const quietLog = { error: () => {} };

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  member = await newMember(testApp);
});
afterAll(async () => {
  await testApp.close();
});

function event(intentId: string, status: PaymentEvent['status'], amountMinor: bigint): PaymentEvent {
  return { providerEventId: `evt_${randomUUID()}`, intentId, kind: status, status, amountMinor, currency: 'IDR', failureReason: null, payload: {} };
}

const statusOf = async (id: string) => (await getMemberPayment({ db: testApp.db, merchantId: member.user.merchantId, userId: member.userId, paymentId: id })).status;

describe("a subject's payment effects", () => {
  it('runs the subject type\'s onPaid once, in the transaction that marks the intent paid', async () => {
    const seen: { status: string; visibleInside: string }[] = [];
    const effects: PaymentEffects = {
      order: {
        onPaid: async ({ tx, intent }: PaymentEffectInput) => {
          // The effect sees the move it commits with.
          const inside = await getMemberPayment({ db: tx, merchantId: intent.merchantId, userId: intent.userId, paymentId: intent.id });
          seen.push({ status: intent.status, visibleInside: inside.status });
        },
      },
    };
    const payments = testPayments(effects);
    const payment = await newPayment(testApp, { member, payments });
    const paid = event(payment.id, 'paid', 150_000n);
    await applyPaymentEvent({ db: testApp.db, effects, provider: 'sandbox', event: paid, now: testApp.clock.now(), log: quietLog });
    await applyPaymentEvent({ db: testApp.db, effects, provider: 'sandbox', event: paid, now: testApp.clock.now(), log: quietLog });
    await applyPaymentEvent({ db: testApp.db, effects, provider: 'sandbox', event: event(payment.id, 'paid', 150_000n), now: testApp.clock.now(), log: quietLog });
    expect(seen).toEqual([{ status: 'paid', visibleInside: 'paid' }]);
  });

  it('runs onExpired for an expiry and nothing for a subject type without effects', async () => {
    const calls: string[] = [];
    const effects: PaymentEffects = { order: { onExpired: async ({ intent }) => void calls.push(`expired ${intent.id}`) } };
    const order = await newPayment(testApp, { member });
    const subscription = await newPayment(testApp, { member, subjectType: 'subscription' });
    await applyPaymentEvent({ db: testApp.db, effects, provider: 'sandbox', event: event(order.id, 'expired', 150_000n), now: testApp.clock.now(), log: quietLog });
    await applyPaymentEvent({ db: testApp.db, effects, provider: 'sandbox', event: event(subscription.id, 'expired', 150_000n), now: testApp.clock.now(), log: quietLog });
    expect(calls).toEqual([`expired ${order.id}`]);
    expect(await statusOf(subscription.id)).toBe('expired');
  });

  it('leaves the intent and the event log as they were when the effect fails, so the message can come again', async () => {
    let failing = true;
    const effects: PaymentEffects = {
      order: {
        onPaid: async () => {
          if (failing) throw new Error('the order module is down');
        },
      },
    };
    const payment = await newPayment(testApp, { member });
    const paid = event(payment.id, 'paid', 150_000n);
    await expect(applyPaymentEvent({ db: testApp.db, effects, provider: 'sandbox', event: paid, now: testApp.clock.now(), log: quietLog })).rejects.toThrow('the order module is down');
    expect(await statusOf(payment.id)).toBe('waiting_payment');
    expect(await findIntentEvents(testApp.db, payment.id)).toEqual([]);
    failing = false;
    expect(await applyPaymentEvent({ db: testApp.db, effects, provider: 'sandbox', event: paid, now: testApp.clock.now(), log: quietLog })).toEqual({ outcome: 'applied' });
    expect(await statusOf(payment.id)).toBe('paid');
  });
});

describe('messages out of order', () => {
  it('keeps a payment paid when the message arrives before its charge is recorded', async () => {
    const base = testPayments();
    const sandbox = base.sandbox!;
    // A provider whose "paid" message reaches us while the charge call is still answering.
    const racing: PaymentProvider = {
      ...sandbox,
      createCharge: async (input) => {
        await applyPaymentEvent({ db: testApp.db, effects: {}, provider: 'sandbox', event: event(input.intent.id, 'paid', input.intent.amountMinor), now: input.now, log: quietLog });
        return sandbox.createCharge(input);
      },
    };
    const payments = { ...base, providers: new Map([['sandbox', racing]] as const) };
    const answer = await createPaymentIntent({ db: testApp.db, payments, merchant: { id: member.user.merchantId }, user: { id: member.userId }, subject: { type: 'order', id: 'o-race' }, amountMinor: 7_000n, currency: 'IDR', method: 'qris', idempotencyKey: randomUUID(), now: testApp.clock.now() });
    expect(answer.body.status).toBe('paid');
    expect(await statusOf(answer.body.id)).toBe('paid');
  });

  it('marks the intent failed and answers 503 when the provider cannot make the charge', async () => {
    const base = testPayments();
    const broken: PaymentProvider = { ...base.sandbox!, createCharge: async () => Promise.reject(new Error('connection reset')) };
    const payments = { ...base, providers: new Map([['sandbox', broken]] as const) };
    const key = randomUUID();
    const create = () => createPaymentIntent({ db: testApp.db, payments, merchant: { id: member.user.merchantId }, user: { id: member.userId }, subject: { type: 'order', id: 'o-broken' }, amountMinor: 7_000n, currency: 'IDR', method: 'qris', idempotencyKey: key, now: testApp.clock.now() });
    await expect(create()).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 503 });
    // The key is released: a retry tries the provider again rather than replaying the failure.
    await expect(create()).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    const { data } = await listSandboxPayments({ db: testApp.db, merchantId: member.user.merchantId });
    expect(data.filter((payment) => payment.subject.id === 'o-broken').map((payment) => [payment.status, payment.failureReason])).toEqual([
      ['failed', 'provider_unavailable'],
      ['failed', 'provider_unavailable'],
    ]);
  });
});

describe('a genuine message that settles no payment', () => {
  it('answers ignored after the signature check, with no effect and no event recorded', async () => {
    const paid: string[] = [];
    const base = testPayments({ order: { onPaid: async ({ intent }) => void paid.push(intent.id) } });
    const sandbox = base.sandbox!;
    // A provider that checks the signature as the sandbox does, then finds nothing to settle.
    const settlingNothing: PaymentProvider = {
      ...sandbox,
      parseWebhook: (input) => {
        sandbox.parseWebhook(input);
        return null;
      },
    };
    const payments = { ...base, providers: new Map([['sandbox', settlingNothing]] as const) };
    const payment = await newPayment(testApp, { member, payments });
    const receive = (message: { body: string; headers: Record<string, string> }) =>
      receivePaymentWebhook({ db: testApp.db, payments, provider: 'sandbox', rawBody: message.body, headers: message.headers, now: testApp.clock.now(), log: quietLog });
    const message = sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: String(payment.amount) });
    expect(await receive(message)).toEqual({ outcome: 'ignored' });
    expect(await receive(message)).toEqual({ outcome: 'ignored' });
    await expect(receive(sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: '1' }, 'not-the-secret-not-the-secret'))).rejects.toMatchObject({ code: 'PAYMENT_SIGNATURE_INVALID' });
    expect(await statusOf(payment.id)).toBe('waiting_payment');
    expect(paid).toEqual([]);
    expect(await findIntentEvents(testApp.db, payment.id)).toEqual([]);
  });
});
