import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';
import { cardDetailSchema, paymentCheckAnswerSchema, subscribeAnswerSchema, subscriptionAnswerSchema, subscriptionFeesAnswerSchema, subscriptionPageSchema } from '@kartu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { outboxMessages } from '../outbox/outbox-messages.table.ts';
import { analyticsEvents } from '../analytics/analytics.table.ts';
import { subscriptionCharges, subscriptions } from './subscriptions.table.ts';
import type { TestApp } from '../../test/test-app.ts';
import { merchantIdOf } from '../../test/test-app.ts';
import { createPaymentsTestApp, deliver, sandboxMessage, testPayments } from '../payments/payments.test-support.ts';
import { memberWithCard, newProgram, send, type CardMember } from '../cards/cards.test-support.ts';
import { subscriptionPaymentEffect } from '../../use-cases/subscription-period-paid/subscription-period-paid.ts';
import { renewSubscriptions } from './subscription-renewal.service.ts';
import { subscribe } from './subscriptions.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { sandboxAction, sandboxCard, subscribeAs, subscriber, newSubscriptionProgram, type SubscriptionProgram } from './subscriptions.test-support.ts';
import { afterAll } from 'vitest';
import { everyTag, publishChanges } from '../../lib/change-feed.ts';

let testApp: TestApp;
let merchantId: number;
let program: SubscriptionProgram;
const silent = { error: () => undefined };

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  merchantId = await merchantIdOf(testApp.db);
  program = await newSubscriptionProgram(testApp, merchantId);
});
afterAll(async () => {
  await testApp.close();
});

async function page(member: CardMember) {
  const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/subscription`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionPageSchema.parse(response.json());
}

async function cardSubscription(member: CardMember) {
  const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return cardDetailSchema.parse(response.json()).subscription;
}

async function subscribed(member: CardMember, fields: Partial<Parameters<typeof subscribeAs>[2]> = {}) {
  const response = await subscribeAs(testApp, member, { planId: program.monthly.id, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return subscribeAnswerSchema.parse(response.json());
}

/** A member who subscribed by virtual account and paid at the sandbox. */
async function paidSubscriber(fields: Partial<Parameters<typeof subscribeAs>[2]> = {}) {
  const member = await subscriber(testApp, merchantId, program);
  const { payment } = await subscribed(member, fields);
  if (payment.status !== 'paid') expect((await sandboxAction(testApp, payment.id, 'pay')).statusCode).toBe(200);
  return member;
}

/** Moves the clock on; the members' sessions come along, as if they had kept using the app. */
async function travel(ms: number) {
  testApp.clock.advance(ms);
  const by = `${ms} milliseconds`;
  await testApp.db.execute(sql`update sessions set last_seen_at = last_seen_at + ${by}::interval, expires_at = expires_at + ${by}::interval`);
  publishChanges([everyTag]);
}

async function runRenewals() {
  return renewSubscriptions({ db: testApp.db, payments: testPayments({ subscription: subscriptionPaymentEffect }), now: testApp.clock.now(), log: silent });
}

async function messagesTo(member: CardMember, purpose: string) {
  const rows = await testApp.db.select().from(outboxMessages).where(and(eq(outboxMessages.recipient, member.e164), eq(outboxMessages.purpose, purpose)));
  return rows.length;
}

/** The subscription events recorded for the merchant's reports on the member's card, oldest first. */
async function subscriptionEventsOf(member: CardMember) {
  const rows = await testApp.db.select().from(analyticsEvents).where(eq(analyticsEvents.cardId, member.card.id)).orderBy(analyticsEvents.occurredAt);
  return rows.map((row) => [row.name, row.properties]);
}

async function storedSubscription(member: CardMember) {
  const [row] = await testApp.db.select().from(subscriptions).where(eq(subscriptions.cardId, member.card.id));
  return row;
}

describe('the plans and the card before any payment', () => {
  it('lists the plans in order and says the card has no subscription yet', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const answer = await page(member);
    expect(answer.plans.map((plan) => [plan.name, plan.durationMonths, plan.price])).toEqual([
      ['Monthly', 1, 49_000],
      ['Yearly', 12, 490_000],
    ]);
    expect(answer.subscription).toBeNull();
    expect(await cardSubscription(member)).toEqual({ isExpired: true, status: 'inactive', endsAt: null });
  });

  it('answers 409 for a card of a program without subscriptions, and 404 for another member\'s card', async () => {
    const pointsProgram = await newProgram(testApp, merchantId);
    const holder = await memberWithCard(testApp, { merchantId, programId: pointsProgram.id });
    const response = await send(testApp, 'GET', `/api/v2/cards/${holder.card.id}/subscription`, { member: holder });
    expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_AVAILABLE' });
    expect(response.statusCode).toBe(409);
    const owner = await subscriber(testApp, merchantId, program);
    const stranger = await send(testApp, 'GET', `/api/v2/cards/${owner.card.id}/subscription`, { member: holder });
    expect(stranger.statusCode).toBe(404);
    expect((await cardSubscription(holder)) === null).toBe(true);
  });
});

describe('POST /api/v2/fees/subscription', () => {
  it('works out every fee line of a plan on the server, with the fees of the chosen method', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const quote = async (paymentMethod?: string) => {
      const response = await send(testApp, 'POST', '/api/v2/fees/subscription', { member, body: { cardId: member.card.id, planId: program.monthly.id, ...(paymentMethod && { paymentMethod }) } });
      expect(response.statusCode, response.body).toBe(200);
      return subscriptionFeesAnswerSchema.parse(response.json());
    };
    // 11% of 49,000 is 5,390; 1.5% is 735.
    expect(await quote('virtual_account')).toEqual({ data: [{ type: 'admin', amount: 2_500 }, { type: 'tax', amount: 5_390 }], subtotal: 49_000, total: 56_890, currency: 'IDR' });
    expect((await quote('credit_card')).data).toContainEqual({ type: 'convenience', amount: 735 });
    expect((await quote('credit_card')).total).toBe(57_625);
    expect((await quote()).total).toBe(56_890);
  });

  it('answers 404 for a plan of another program or an unknown plan', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const other = await newSubscriptionProgram(testApp, merchantId);
    for (const planId of [other.monthly.id, randomUUID(), 'not-a-plan']) {
      const response = await send(testApp, 'POST', '/api/v2/fees/subscription', { member, body: { cardId: member.card.id, planId } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_PLAN_NOT_FOUND' });
    }
  });
});

describe('POST /api/v2/payments', () => {
  it('answers the methods the merchant takes and the key to tokenise a card with', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const response = await send(testApp, 'POST', '/api/v2/payments', { member, body: { cardId: member.card.id } });
    expect(response.statusCode).toBe(200);
    const answer = paymentCheckAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ isValid: true, provider: 'sandbox', publicKey: 'sandbox_public_key' });
    expect(answer.listPayment).toContain('virtual_account');
  });
});

describe('subscribing and paying', () => {
  it('opens a payment of the quoted total, and activates the subscription once it is paid, with a receipt', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const { subscription, payment } = await subscribed(member);
    expect(payment).toMatchObject({ status: 'waiting_payment', amount: 56_890, method: 'virtual_account', subject: { type: 'subscription' } });
    expect(subscription).toMatchObject({ status: 'inactive', isExpired: true, openPayment: { id: payment.id, status: 'waiting_payment' } });
    expect((await cardSubscription(member))?.isExpired).toBe(true);

    expect((await sandboxAction(testApp, payment.id, 'pay')).statusCode).toBe(200);
    const now = testApp.clock.now();
    const after = (await page(member)).subscription;
    expect(after).toMatchObject({ status: 'active', isExpired: false, isRenewable: false, autoRenew: false, nextBillingDate: null, openPayment: null });
    expect(after?.lastBillingDate).toBe(now.toISOString());
    const endsAt = new Date(now);
    endsAt.setUTCMonth(endsAt.getUTCMonth() + 1);
    expect(after?.endsAt).toBe(endsAt.toISOString());
    expect(await cardSubscription(member)).toEqual({ isExpired: false, status: 'active', endsAt: endsAt.toISOString() });
    expect(await messagesTo(member, 'subscription-paid')).toBe(1);
  });

  it("says where the member follows a subscription payment, for a provider's page to send them back to", async () => {
    const member = await subscriber(testApp, merchantId, program);
    const { payment } = await subscribed(member);
    const answer = await send(testApp, 'GET', `/api/v2/payments/${payment.id}/page`, { member });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ path: `/cards/${member.card.id}/subscribe/payment?payment=${payment.id}` });
    const stranger = await subscriber(testApp, merchantId, program);
    expect((await send(testApp, 'GET', `/api/v2/payments/${payment.id}/page`, { member: stranger })).statusCode).toBe(404);
  });

  it('answers the first payment again for the same Idempotency-Key, and needs one', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const key = randomUUID();
    const first = await subscribed(member, { key });
    const again = await subscribeAs(testApp, member, { planId: program.monthly.id, key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(subscribeAnswerSchema.parse(again.json()).payment.id).toBe(first.payment.id);
    const keyless = await send(testApp, 'POST', '/api/v2/cards/subscriptions', {
      member,
      body: { cardId: member.card.id, planId: program.monthly.id, transactionType: 'subscriptionNew', paymentMethod: 'qris' },
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
  });

  it('leaves the subscription inactive when the payment fails or expires, and lets the member try again', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const failed = await subscribed(member);
    await sandboxAction(testApp, failed.payment.id, 'fail');
    expect((await page(member)).subscription).toMatchObject({ status: 'inactive', openPayment: null });
    const expired = await subscribed(member, { paymentMethod: 'qris' });
    await sandboxAction(testApp, expired.payment.id, 'expire');
    expect((await page(member)).subscription?.status).toBe('inactive');
    const retried = await subscribed(member);
    await sandboxAction(testApp, retried.payment.id, 'pay');
    expect((await page(member)).subscription?.status).toBe('active');
  });

  it('refuses a second subscription while one is active, a renewal of nothing, and methods a subscription cannot use', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const renewal = await subscribeAs(testApp, member, { planId: program.monthly.id, transactionType: 'subscriptionRenewal' });
    expect(renewal.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_RENEWABLE' });
    const cod = await subscribeAs(testApp, member, { planId: program.monthly.id, paymentMethod: 'cash_on_delivery' });
    expect(cod.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    const cardless = await subscribeAs(testApp, member, { planId: program.monthly.id, paymentMethod: 'credit_card' });
    expect(cardless.statusCode).toBe(422);
    const autoRenewByTransfer = await subscribeAs(testApp, member, { planId: program.monthly.id, autoRenew: true });
    expect(autoRenewByTransfer.json()).toMatchObject({ code: 'SUBSCRIPTION_CARD_REQUIRED' });
    const cardWithTransfer = await subscribeAs(testApp, member, { planId: program.monthly.id, card: sandboxCard() });
    expect(cardWithTransfer.statusCode).toBe(422);
    const expiredCard = await subscribeAs(testApp, member, { planId: program.monthly.id, paymentMethod: 'credit_card', card: { ...sandboxCard(), expiryYear: 2025 } });
    expect(expiredCard.json()).toMatchObject({ statusCode: 422, code: 'CARD_INVALID', message: 'Invalid Credit Card information' });
    expect((await page(member)).subscription).toBeNull();

    const { payment } = await subscribed(member);
    await sandboxAction(testApp, payment.id, 'pay');
    for (const transactionType of ['subscriptionNew', 'subscriptionRenewal'] as const) {
      const response = await subscribeAs(testApp, member, { planId: program.monthly.id, transactionType });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_ALREADY_ACTIVE' });
    }
  });

  it('charges a tokenised card at once and keeps it for automatic renewal; a declined card fails with its reason', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const declined = await subscribed(member, { paymentMethod: 'credit_card', card: sandboxCard({ decline: true }) });
    expect(declined.payment).toMatchObject({ status: 'failed', failureReason: 'card_declined', amount: 57_625 });
    // A payment that fails changes nothing else: the declined card is not kept.
    expect((await page(member)).subscription).toMatchObject({ status: 'inactive', card: null });

    const paid = await subscribed(member, { paymentMethod: 'credit_card', card: sandboxCard(), autoRenew: true });
    expect(paid.payment.status).toBe('paid');
    const after = (await page(member)).subscription;
    expect(after).toMatchObject({ status: 'active', autoRenew: true, card: { brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 } });
    expect(after?.nextBillingDate).toBe(after?.endsAt);
    expect(JSON.stringify(after)).not.toContain('sandbox_card');

    // Once the period ran out, a renewal tried with another card that is declined leaves the card that paid on file.
    await travel(40 * DAY_MS);
    const renewal = await subscribed(member, { transactionType: 'subscriptionRenewal', paymentMethod: 'credit_card', card: sandboxCard({ decline: true, last4: '0002' }) });
    expect(renewal.payment).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
    expect((await page(member)).subscription).toMatchObject({ card: { last4: '4242' } });
  });

  it("keeps the provider's reusable token for renewals instead of the one-time token the browser made", async () => {
    const member = await subscriber(testApp, merchantId, program);
    const base = testPayments({ subscription: subscriptionPaymentEffect });
    const sandbox = base.providers.get('sandbox');
    if (!sandbox) throw new Error('no sandbox');
    const savingSandbox: PaymentProvider = { ...sandbox, createCharge: async (input) => ({ ...(await sandbox.createCharge(input)), reusableCardToken: 'sandbox_card_ok_visa_9999' }) };
    const payments = { ...base, providers: new Map([...base.providers].map(([name, provider]) => [name, name === 'sandbox' ? savingSandbox : provider] as const)) };
    const answer = await subscribe({
      db: testApp.db,
      payments,
      merchant: { id: merchantId },
      user: { id: member.userId },
      cardId: member.card.id,
      planId: program.monthly.id,
      transactionType: 'subscriptionNew',
      paymentMethod: 'credit_card',
      autoRenew: true,
      card: sandboxCard(),
      idempotencyKey: randomUUID(),
      now: testApp.clock.now(),
      log: silent,
    });
    expect(answer.body.payment.status).toBe('paid');
    expect(await storedSubscription(member)).toMatchObject({ cardToken: 'sandbox_card_ok_visa_9999', cardLast4: '4242', autoRenew: true, status: 'active' });
  });

  it('applies a webhook delivered 20 times at once exactly once', async () => {
    const member = await subscriber(testApp, merchantId, program);
    const { payment } = await subscribed(member);
    const message = sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: String(payment.amount) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(testApp, message)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(answers.filter((answer) => answer.json().outcome === 'applied')).toHaveLength(1);
    const charges = await testApp.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, (await storedSubscription(member))?.id ?? ''));
    expect(charges.map((row) => row.status)).toEqual(['paid']);
    const endsAt = new Date(testApp.clock.now());
    endsAt.setUTCMonth(endsAt.getUTCMonth() + 1);
    expect((await page(member)).subscription?.endsAt).toBe(endsAt.toISOString());
    expect(await messagesTo(member, 'subscription-paid')).toBe(1);
  });
});

describe('cancel, expiry and renewal', () => {
  it('keeps the benefits of a cancelled subscription to the end date, then it has ended and can be renewed', async () => {
    const member = await paidSubscriber();
    const cancel = await send(testApp, 'POST', '/api/v2/cards/subscriptions/cancel', { member, body: { cardId: member.card.id } });
    expect(cancel.statusCode).toBe(200);
    const cancelled = subscriptionAnswerSchema.parse(cancel.json()).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', isExpired: false, isRenewable: true, autoRenew: false });
    const again = await send(testApp, 'POST', '/api/v2/cards/subscriptions/cancel', { member, body: { cardId: member.card.id } });
    expect(again.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_ACTIVE' });
    expect(await subscriptionEventsOf(member)).toEqual([['subscription_cancel', { planId: program.monthly.id, periodEndsAt: cancelled.endsAt }]]);

    await travel(32 * DAY_MS);
    expect(await cardSubscription(member)).toMatchObject({ isExpired: true, status: 'ended' });
    const renewal = await subscribed(member, { transactionType: 'subscriptionRenewal', planId: program.yearly.id });
    await sandboxAction(testApp, renewal.payment.id, 'pay');
    const renewed = (await page(member)).subscription;
    expect(renewed).toMatchObject({ status: 'active', isExpired: false, plan: { name: 'Yearly', durationMonths: 12 } });
    const endsAt = new Date(testApp.clock.now());
    endsAt.setUTCFullYear(endsAt.getUTCFullYear() + 1);
    expect(renewed?.endsAt).toBe(endsAt.toISOString());
    expect((await subscriptionEventsOf(member)).at(-1)).toEqual(['subscription_renew', { planId: program.yearly.id, automatic: false, amountMinor: renewal.payment.amount, currency: 'IDR' }]);
  });

  it('expires an unpaid period, which the job writes down, and a renewal starts from the payment', async () => {
    const member = await paidSubscriber();
    await travel(31 * DAY_MS + HOUR_MS);
    expect((await page(member)).subscription).toMatchObject({ status: 'expired', isExpired: true, isRenewable: true });
    const run = await runRenewals();
    expect(run.lapsed).toBeGreaterThanOrEqual(1);
    expect((await storedSubscription(member))?.status).toBe('expired');
    const renewal = await subscribed(member, { transactionType: 'subscriptionRenewal' });
    await sandboxAction(testApp, renewal.payment.id, 'pay');
    expect((await cardSubscription(member))?.isExpired).toBe(false);
  });

  it('renews an auto-renewing subscription on its saved card a day before the end', async () => {
    const member = await paidSubscriber({ paymentMethod: 'credit_card', card: sandboxCard(), autoRenew: true });
    const first = (await page(member)).subscription;
    const endsAt = new Date(first?.endsAt ?? 0);
    await travel(endsAt.getTime() - testApp.clock.now().getTime() - 2 * DAY_MS);
    await runRenewals();
    expect((await page(member)).subscription?.endsAt).toBe(endsAt.toISOString());
    await travel(DAY_MS + HOUR_MS);
    await runRenewals();
    const renewed = (await page(member)).subscription;
    const next = new Date(endsAt);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(renewed).toMatchObject({ status: 'active', autoRenew: true, endsAt: next.toISOString() });
    expect(await messagesTo(member, 'subscription-paid')).toBe(2);
    // The first period is a subscription, not a renewal: only the automatic charge counts as one.
    expect((await subscriptionEventsOf(member)).map(([name, properties]) => [name, (properties as { automatic: boolean }).automatic])).toEqual([['subscription_renew', true]]);
    await runRenewals();
    expect((await page(member)).subscription?.endsAt).toBe(next.toISOString());
  });

  it('keeps the benefits through a grace period after a declined renewal, then expires', async () => {
    const member = await paidSubscriber({ paymentMethod: 'credit_card', card: sandboxCard(), autoRenew: true });
    const changed = await send(testApp, 'PATCH', `/api/v2/cards/${member.card.id}/subscription`, { member, body: { card: sandboxCard({ decline: true, last4: '0002' }) } });
    expect(changed.statusCode, changed.body).toBe(200);
    const endsAt = new Date((await page(member)).subscription?.endsAt ?? 0);
    await travel(endsAt.getTime() - testApp.clock.now().getTime() - HOUR_MS);
    await runRenewals();
    const inGrace = (await page(member)).subscription;
    expect(inGrace).toMatchObject({ status: 'active', isExpired: false });
    expect(inGrace?.graceUntil).toBe(new Date(endsAt.getTime() + 3 * DAY_MS).toISOString());
    expect(await messagesTo(member, 'subscription-renewal-failed')).toBe(1);
    await travel(2 * HOUR_MS);
    expect((await cardSubscription(member))?.isExpired).toBe(false);
    await travel(3 * DAY_MS);
    await runRenewals();
    expect(await cardSubscription(member)).toMatchObject({ isExpired: true, status: 'expired' });
    expect(await messagesTo(member, 'subscription-renewal-failed')).toBe(1);
  });

  it('lets a member whose renewal failed pay it by another method in the grace, and then charges the card no more', async () => {
    const member = await paidSubscriber({ paymentMethod: 'credit_card', card: sandboxCard(), autoRenew: true });
    // Renewing a running subscription that did not fail is refused.
    expect((await subscribeAs(testApp, member, { planId: program.monthly.id, transactionType: 'subscriptionRenewal' })).json()).toMatchObject({ code: 'SUBSCRIPTION_ALREADY_ACTIVE' });
    expect((await page(member)).subscription?.isRenewable).toBe(false);
    await send(testApp, 'PATCH', `/api/v2/cards/${member.card.id}/subscription`, { member, body: { card: sandboxCard({ decline: true, last4: '0002' }) } });
    const endsAt = new Date((await page(member)).subscription?.endsAt ?? 0);
    await travel(endsAt.getTime() - testApp.clock.now().getTime() - HOUR_MS);
    await runRenewals();
    expect((await page(member)).subscription).toMatchObject({ status: 'active', isRenewable: true, graceUntil: expect.any(String) });

    await travel(12 * HOUR_MS);
    const { payment, subscription } = await subscribed(member, { transactionType: 'subscriptionRenewal', paymentMethod: 'virtual_account' });
    expect(payment).toMatchObject({ status: 'waiting_payment', method: 'virtual_account', amount: 56_890 });
    expect(subscription).toMatchObject({ status: 'active', openPayment: { id: payment.id } });
    // The renewal job's retry, due a day after the declined one, leaves the card alone while the member pays by hand.
    await travel(13 * HOUR_MS);
    await runRenewals();
    const autoRenewals = async () => (await testApp.db.select().from(subscriptionCharges).where(and(eq(subscriptionCharges.subscriptionId, subscription.id), eq(subscriptionCharges.kind, 'auto_renewal')))).length;
    expect(await autoRenewals()).toBe(1);

    expect((await sandboxAction(testApp, payment.id, 'pay')).statusCode).toBe(200);
    const renewed = (await page(member)).subscription;
    const next = new Date(testApp.clock.now());
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(renewed).toMatchObject({ status: 'active', isRenewable: false, graceUntil: null, endsAt: next.toISOString() });
    await runRenewals();
    expect(await autoRenewals()).toBe(1);
  });

  it('turns auto-renew on only with a saved card, and off when the card is forgotten', async () => {
    const member = await paidSubscriber();
    const url = `/api/v2/cards/${member.card.id}/subscription`;
    const cardless = await send(testApp, 'PATCH', url, { member, body: { autoRenew: true } });
    expect(cardless.statusCode).toBe(422);
    expect(cardless.json()).toMatchObject({ code: 'SUBSCRIPTION_CARD_REQUIRED' });
    const withCard = await send(testApp, 'PATCH', url, { member, body: { autoRenew: true, card: sandboxCard({ last4: '1111' }) } });
    expect(subscriptionAnswerSchema.parse(withCard.json()).data).toMatchObject({ autoRenew: true, card: { last4: '1111' } });
    const forgotten = await send(testApp, 'PATCH', url, { member, body: { card: null } });
    expect(subscriptionAnswerSchema.parse(forgotten.json()).data).toMatchObject({ autoRenew: false, card: null });
    const empty = await send(testApp, 'PATCH', url, { member, body: {} });
    expect(empty.statusCode).toBe(400);
  });
});

describe('development: ending a period now', () => {
  it('moves the paid period into the past so the card is expired at once', async () => {
    const member = await paidSubscriber();
    const response = await send(testApp, 'POST', `/api/dev/subscriptions/${member.card.id}/end-period`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ isExpired: true, status: 'expired' });
    expect(await cardSubscription(member)).toMatchObject({ isExpired: true, status: 'expired' });
  });
});
