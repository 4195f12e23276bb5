import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { paymentAnswerSchema, type PaymentAnswer, type PaymentMethod } from '@kartu/contracts';
import { type TestMember } from '../../../test/members.ts';
import { type TestApp } from '../../../test/test-app.ts';
import { subscriptionPaymentEffect } from '../../../use-cases/subscription-period-paid/subscription-period-paid.ts';
import { renewSubscriptions } from '../../subscriptions/subscription-renewal.service.ts';
import { subscribe } from '../../subscriptions/subscriptions.service.ts';
import { subscriptions } from '../../subscriptions/subscriptions.table.ts';
import { newSubscriptionProgram, subscriber } from '../../subscriptions/subscriptions.test-support.ts';
import type { PaymentProvider } from '../payment-provider.ts';
import type { PaymentsContext } from '../payments.context.ts';
import { findIntent, findIntentEvents, findMerchantIntents } from '../payments.repository.ts';
import { openPayment } from '../payments.test-support.ts';
import type { PaymentIntentRow } from '../payments.table.ts';
import { FAKE_XENDIT_DECLINED_CARD, startFakeXendit, type FakePaymentRequest, type FakeRequestStatus, type FakeXendit, type XenditCallback } from './xendit.fake.ts';
import { xenditCallbackTokenHeader, xenditProvider } from './xendit.provider.ts';
import { returnOrigin, useXenditTestApp, xenditCallbackToken as callbackToken, xenditSecretKey as secretKey } from './xendit.test-support.ts';

const publicKey = 'xnd_public_development_public_key_of_the_fake';
let testApp: TestApp;
let xenditApp: FastifyInstance;
let fake: FakeXendit;
let provider: PaymentProvider;
let payments: PaymentsContext;
let member: TestMember;

useXenditTestApp((made) => ({ testApp, xenditApp, fake, provider, payments, member } = made), { publicKey });

function pay(method: PaymentMethod, { cardToken, context = payments, subjectId }: { cardToken?: string; context?: PaymentsContext; subjectId?: string } = {}) {
  return openPayment(testApp, { member, payments: context, method, returnOrigin, ...(subjectId !== undefined && { subjectId }), ...(cardToken !== undefined && { cardToken }) });
}

async function intentOf(payment: PaymentAnswer): Promise<PaymentIntentRow> {
  const intent = await findIntent(testApp.db, { merchantId: member.user.merchantId, id: payment.id });
  if (!intent) throw new Error(`No intent ${payment.id}`);
  return intent;
}

/** A payment waiting at Xendit, and its payment request there. */
async function waitingPayment(method: PaymentMethod = 'virtual_account') {
  const { body: payment } = await pay(method);
  const request = fake.byReference(payment.id);
  if (!request) throw new Error('The fake holds no request for the payment');
  return { payment, request };
}

/** The channel properties Xendit answered for a request's payment method. */
function channelProperties(request: FakePaymentRequest, kind: 'virtual_account' | 'qr_code'): Record<string, string> {
  const details = request.paymentMethod[kind] as { channel_properties: Record<string, string> } | undefined;
  if (!details) throw new Error(`The request has no ${kind}`);
  return details.channel_properties;
}

/** The payment as its member follows it through the API. */
async function follow(payment: PaymentAnswer): Promise<PaymentAnswer> {
  const response = await xenditApp.inject({ url: `/api/v2/payments/${payment.id}`, headers: { host: 'localhost', authorization: `Bearer ${member.token}` } });
  return paymentAnswerSchema.parse(response.json());
}

async function deliver(callback: XenditCallback) {
  const answer = await fake.deliver(callback);
  return { statusCode: answer.statusCode, body: JSON.parse(answer.body) as unknown };
}

describe('Xendit charges', () => {
  it.each([
    ['virtual_account', 'VIRTUAL_ACCOUNT', (request: FakePaymentRequest) => ({ kind: 'virtual_account', bank: 'BNI', accountNumber: channelProperties(request, 'virtual_account').virtual_account_number })],
    ['qris', 'QR_CODE', (request: FakePaymentRequest) => ({ kind: 'qris', qrString: channelProperties(request, 'qr_code').qr_string })],
    ['credit_card', 'CARD', (request: FakePaymentRequest) => ({ kind: 'redirect', url: `${fake.baseUrl}/card/${request.id}` })],
  ] as const)('opens a %s payment request (%s) for the intent and answers its instructions', async (method, type, expected) => {
    const { payment, request } = await waitingPayment(method);
    expect(payment.status).toBe('waiting_payment');
    expect(payment.instructions).toEqual(expected(request));
    expect(request).toMatchObject({ referenceId: payment.id, amount: 150_000, currency: 'IDR', paymentMethod: { type, reference_id: payment.id } });
    expect((await intentOf(payment)).providerReference).toBe(request.id);
    const call = fake.received.find((received) => received.method === 'POST' && JSON.parse(received.body).reference_id === payment.id);
    // Keyed by the intent: a retried call cannot open a second request.
    expect(call?.headers['idempotency-key']).toBe(payment.id);
  });

  it('sets the expiry of a virtual account and a QR code to the intent\'s', async () => {
    for (const method of ['virtual_account', 'qris'] as const) {
      const { payment, request } = await waitingPayment(method);
      expect(channelProperties(request, method === 'qris' ? 'qr_code' : 'virtual_account').expires_at).toBe(payment.expiresAt);
    }
  });

  it('charges a saved card at once: paid when Xendit charged it, failed when declined, waiting when the bank asks the member', async () => {
    const paid = await pay('credit_card', { cardToken: 'pm-saved-card-1' });
    expect(paid.body.status).toBe('paid');
    const declined = await pay('credit_card', { cardToken: 'pm-decline-card-2' });
    expect([declined.body.status, declined.body.failureReason]).toEqual(['failed', 'card_declined']);
    const confirming = await pay('credit_card', { cardToken: 'pm-3ds-card-3' });
    expect(confirming.body.status).toBe('waiting_payment');
    expect(confirming.body.instructions).toEqual({ kind: 'redirect', url: `${fake.baseUrl}/3ds/${fake.byReference(confirming.body.id)?.id}` });
    const events = await findIntentEvents(testApp.db, paid.body.id);
    expect(events.map((event) => [event.kind, event.outcome])).toEqual([['paid', 'applied']]);
  });

  it('refuses methods and currencies Xendit does not take here, without calling it', async () => {
    const { payment } = await waitingPayment('qris');
    const intent = await intentOf(payment);
    const calls = fake.received.length;
    for (const method of ['manual_transfer', 'cash_on_delivery'] as const) {
      await expect(provider.createCharge({ intent: { ...intent, method }, now: testApp.clock.now() })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    }
    await expect(provider.createCharge({ intent: { ...intent, currency: 'USD' }, now: testApp.clock.now() })).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringContaining('IDR'),
    });
    await expect(pay('manual_transfer')).rejects.toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    expect(fake.received.length).toBe(calls);
  });

  it('fails the charge when Xendit refuses the secret key', async () => {
    const { payment } = await waitingPayment('qris');
    const wrongKey = xenditProvider({ secretKey: 'xnd_development_not_the_key', callbackToken, baseUrl: fake.baseUrl });
    await expect(wrongKey.createCharge({ intent: await intentOf(payment), now: testApp.clock.now() })).rejects.toMatchObject({ status: 401 });
  });

  it('answers 503 and fails the intent when Xendit does not answer in time', async () => {
    const impatient = xenditProvider({ secretKey, callbackToken, baseUrl: fake.baseUrl, timeoutMs: 200 });
    const context: PaymentsContext = { ...payments, providers: new Map([['xendit', impatient]]) };
    fake.nextCreate({ hang: true });
    const subjectId = `order-${randomUUID()}`;
    const started = Date.now();
    await expect(pay('qris', { context, subjectId })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 503 });
    expect(Date.now() - started).toBeLessThan(3_000);
    const intents = await findMerchantIntents(testApp.db, { merchantId: member.user.merchantId, limit: 1_000 });
    const timedOut = intents.filter((intent) => intent.subjectId === subjectId);
    expect(timedOut.map((intent) => [intent.status, intent.failureReason, intent.providerReference])).toEqual([['failed', 'provider_unavailable', null]]);
    expect(fake.received.at(-1)).toMatchObject({ method: 'POST', url: '/payment_requests' });
    // A slow answer inside the limit still makes the charge.
    fake.nextCreate({ delayMs: 50 });
    expect((await pay('qris', { context })).body.status).toBe('waiting_payment');
  });
});

/** What the member's browser does: a multiple-use token for the card at Xendit, with the public key. */
async function tokenizeAtFake(number: string, { key = publicKey, shouldAuthenticate = false }: { key?: string; shouldAuthenticate?: boolean } = {}) {
  const response = await fetch(`${fake.baseUrl}/v2/credit_card_tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    body: JSON.stringify({ card_data: { account_number: number.replace(/\s/g, ''), exp_month: '12', exp_year: '2030', cvn: '123' }, card_cvn: '123', is_single_use: false, should_authenticate: shouldAuthenticate }),
  });
  return { statusCode: response.status, body: (await response.json()) as { id: string; status: string } };
}

async function cardToken(number: string): Promise<string> {
  const { statusCode, body } = await tokenizeAtFake(number);
  if (statusCode !== 200 || body.status !== 'VERIFIED') throw new Error(`The fake did not tokenise ${number}: ${statusCode} ${JSON.stringify(body)}`);
  return body.id;
}

describe('Xendit cards tokenised in the browser', () => {
  it('tells browsers where to tokenise a card with the public key, and nothing without one', () => {
    expect(provider).toMatchObject({ publicKey, tokenizationUrl: fake.baseUrl });
    expect(xenditProvider({ secretKey, callbackToken, baseUrl: `${fake.baseUrl}/` }).tokenizationUrl).toBeUndefined();
    expect(xenditProvider({ secretKey, callbackToken, publicKey }).tokenizationUrl).toBe('https://api.xendit.co');
  });

  it('charges the token at once through the card API with the secret key, and charges the same token again for a renewal', async () => {
    const token = await cardToken('4111 1111 1111 1111');
    const { body: paid } = await pay('credit_card', { cardToken: token });
    expect(paid.status).toBe('paid');
    const intent = await intentOf(paid);
    expect(fake.cardCharge(intent.providerReference ?? '')).toMatchObject({ externalId: paid.id, tokenId: token, amount: 150_000, currency: 'IDR', status: 'CAPTURED' });
    const call = fake.received.find((received) => received.url === '/credit_card_charges' && JSON.parse(received.body).external_id === paid.id);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ token_id: token, external_id: paid.id, amount: 150_000, currency: 'IDR' });
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`);
    expect((await findIntentEvents(testApp.db, paid.id)).map((event) => [event.kind, event.outcome])).toEqual([['paid', 'applied']]);
    // No payment request was opened for it.
    expect(fake.byReference(paid.id)).toBeUndefined();

    const renewal = await provider.createCharge({ intent: { ...intent, id: randomUUID(), providerReference: null }, now: testApp.clock.now(), cardToken: token });
    expect(renewal.settled).toMatchObject({ status: 'paid', amountMinor: 150_000n, currency: 'IDR', failureReason: null, providerEventId: `card_charge:${renewal.providerReference}:CAPTURED` });
    // The multiple-use token is what renewals charge.
    expect(renewal.reusableCardToken).toBe(token);
    expect(renewal.instructions).toEqual({ kind: 'redirect', url: expect.stringContaining('/payments/') });
    expect((await pay('credit_card', { cardToken: token })).body.status).toBe('paid');
  });

  it('fails a declined card with the reason Xendit gives, and keeps no token of it', async () => {
    const token = await cardToken(FAKE_XENDIT_DECLINED_CARD);
    const { body: declined } = await pay('credit_card', { cardToken: token });
    expect([declined.status, declined.failureReason]).toEqual(['failed', 'card_declined']);
    const intent = await intentOf(declined);
    expect(fake.cardCharge(intent.providerReference ?? '')).toMatchObject({ status: 'FAILED', failureReason: 'CARD_DECLINED' });
    const again = await provider.createCharge({ intent: { ...intent, id: randomUUID() }, now: testApp.clock.now(), cardToken: token });
    expect(again.settled).toMatchObject({ status: 'failed', failureReason: 'card_declined', amountMinor: null });
    expect(again.reusableCardToken).toBeUndefined();
  });

  it("asks the card API, not the payment requests, for a card charge's status", async () => {
    const paid = (await pay('credit_card', { cardToken: await cardToken('5555 5555 5555 4444') })).body;
    const declined = (await pay('credit_card', { cardToken: await cardToken(FAKE_XENDIT_DECLINED_CARD) })).body;
    const now = testApp.clock.now();
    expect(await provider.queryStatus({ intent: await intentOf(paid), now })).toMatchObject({ status: 'paid', amountMinor: 150_000n, currency: 'IDR', failureReason: null });
    expect(await provider.queryStatus({ intent: await intentOf(declined), now })).toMatchObject({ status: 'failed', amountMinor: null, failureReason: 'card_declined' });
    const asked = fake.received.filter((received) => received.method === 'GET' && received.url.startsWith('/credit_card_charges/'));
    expect(asked.map((received) => received.url)).toEqual([`/credit_card_charges/${(await intentOf(paid)).providerReference}`, `/credit_card_charges/${(await intentOf(declined)).providerReference}`]);
  });

  it('answers 401 to a tokenisation without the public key, and a charge without the secret key', async () => {
    for (const key of [secretKey, 'xnd_public_development_not_the_key']) {
      expect(await tokenizeAtFake('4111111111111111', { key })).toMatchObject({ statusCode: 401, body: { error_code: 'INVALID_API_KEY' } });
    }
    const token = await cardToken('4111111111111111');
    const { payment } = await waitingPayment('credit_card');
    const wrongKey = xenditProvider({ secretKey: 'xnd_development_not_the_key', callbackToken, baseUrl: fake.baseUrl });
    await expect(wrongKey.createCharge({ intent: await intentOf(payment), now: testApp.clock.now(), cardToken: token })).rejects.toMatchObject({ name: 'XenditAnswerError', status: 401 });
  });

  it('fails the intent when Xendit will not charge the token (one waiting for 3-D Secure)', async () => {
    const { statusCode, body } = await tokenizeAtFake('4111111111111111', { shouldAuthenticate: true });
    expect([statusCode, body.status]).toEqual([200, 'IN_REVIEW']);
    const subjectId = `order-${randomUUID()}`;
    await expect(pay('credit_card', { cardToken: body.id, subjectId })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 503 });
    const intents = await findMerchantIntents(testApp.db, { merchantId: member.user.merchantId, limit: 1_000 });
    expect(intents.filter((intent) => intent.subjectId === subjectId).map((intent) => [intent.status, intent.failureReason])).toEqual([['failed', 'provider_unavailable']]);
  });
});

describe('a subscription paid by a card tokenised at Xendit', () => {
  it('keeps the multiple-use token for auto-renew, and the renewal job charges it again through the card API', async () => {
    const merchantId = member.user.merchantId;
    const program = await newSubscriptionProgram(testApp, merchantId);
    const holder = await subscriber(testApp, merchantId, program);
    const context: PaymentsContext = { ...payments, effects: { subscription: subscriptionPaymentEffect } };
    const silent = { error: () => undefined };
    const token = await cardToken('4111 1111 1111 1111');
    const answer = await subscribe({
      db: testApp.db,
      payments: context,
      merchant: { id: merchantId },
      user: { id: holder.userId },
      cardId: holder.card.id,
      planId: program.monthly.id,
      transactionType: 'subscriptionNew',
      paymentMethod: 'credit_card',
      autoRenew: true,
      card: { token, brand: 'visa', last4: '1111', expiryMonth: 12, expiryYear: 2030, nameOnCard: 'Rani' },
      idempotencyKey: randomUUID(),
      now: testApp.clock.now(),
      log: silent,
    });
    expect(answer.body.payment.status).toBe('paid');
    const stored = async () => (await testApp.db.select().from(subscriptions).where(eq(subscriptions.cardId, holder.card.id)))[0];
    const first = await stored();
    expect(first).toMatchObject({ cardToken: token, autoRenew: true, status: 'active' });
    const endsAt = first?.periodEndsAt ?? new Date(0);

    // An hour before the period ends, inside the renewal's lead.
    await renewSubscriptions({ db: testApp.db, payments: context, now: new Date(endsAt.getTime() - 60 * 60 * 1_000), log: silent });
    const charges = fake.received.filter((received) => received.method === 'POST' && received.url === '/credit_card_charges' && JSON.parse(received.body).token_id === token);
    expect(charges).toHaveLength(2);
    const renewed = await stored();
    expect(renewed).toMatchObject({ cardToken: token, autoRenew: true, status: 'active' });
    expect(renewed?.periodEndsAt?.getTime()).toBeGreaterThan(endsAt.getTime());
  });
});

describe('Xendit callbacks through POST /webhooks/payments/xendit', () => {
  it('answers 401 to a forged or missing callback token and changes nothing', async () => {
    const { payment, request } = await waitingPayment();
    const good = fake.callbackFor(request.id, 'payment.succeeded');
    const sameLength = fake.callbackFor(request.id, 'payment.succeeded', { token: 'x'.repeat(callbackToken.length) });
    const shorter = fake.callbackFor(request.id, 'payment.succeeded', { token: callbackToken.slice(0, -1) });
    const { [xenditCallbackTokenHeader]: _token, ...unsigned } = good.headers;
    // The token is checked before the body is read: a forged message is never parsed.
    const forgedGarbage = { body: 'not json', headers: sameLength.headers };
    for (const forged of [sameLength, shorter, { body: good.body, headers: unsigned }, forgedGarbage]) {
      const answer = await deliver(forged);
      expect(answer).toMatchObject({ statusCode: 401, body: { code: 'PAYMENT_SIGNATURE_INVALID' } });
    }
    expect((await intentOf(payment)).status).toBe('waiting_payment');
    expect(await findIntentEvents(testApp.db, payment.id)).toEqual([]);
  });

  it('applies a payment.succeeded once and answers duplicate when Xendit sends it again', async () => {
    const { payment, request } = await waitingPayment();
    const callback = fake.callbackFor(request.id, 'payment.succeeded');
    expect(await deliver(callback)).toEqual({ statusCode: 200, body: { outcome: 'applied' } });
    expect(await deliver(callback)).toEqual({ statusCode: 200, body: { outcome: 'duplicate' } });
    expect((await intentOf(payment)).status).toBe('paid');
    const events = await findIntentEvents(testApp.db, payment.id);
    expect(events.map((event) => [event.kind, event.outcome])).toEqual([['paid', 'applied']]);
    expect(events[0]?.payload).toMatchObject({
      message: { event: 'payment.succeeded', data: { reference_id: payment.id, payment_request_id: request.id } },
      confirmedBy: { id: request.id, status: 'SUCCEEDED' },
    });
  });

  it('applies a payment.succeeded only as Xendit confirms it: the token authenticates the sender, not what it says', async () => {
    const { payment, request } = await waitingPayment();
    const claimed = fake.callbackFor(request.id, 'payment.succeeded', { moves: false });
    expect(await deliver(claimed)).toEqual({ statusCode: 200, body: { outcome: 'ignored' } });
    expect((await intentOf(payment)).status).toBe('waiting_payment');
    expect(await findIntentEvents(testApp.db, payment.id)).toEqual([]);
  });

  it('keeps the intent paid when the callback comes before the create call answers', async () => {
    fake.nextCreate({ payBeforeAnswer: true });
    const { body: payment } = await pay('qris');
    expect(fake.earlyCallbackAnswers.at(-1)).toMatchObject({ statusCode: 200, body: JSON.stringify({ outcome: 'applied' }) });
    expect(payment.status).toBe('paid');
    const intent = await intentOf(payment);
    // The late charge record did not move it back to waiting.
    expect([intent.status, intent.providerReference]).toEqual(['paid', null]);
    expect((await provider.queryStatus({ intent, now: testApp.clock.now() })).status).toBe('paid');
  });

  it('refuses a callback whose amount or currency is not the intent\'s', async () => {
    const { payment, request } = await waitingPayment();
    expect(await deliver(fake.callbackFor(request.id, 'payment.succeeded', { amount: 1_000 }))).toEqual({ statusCode: 200, body: { outcome: 'refused' } });
    expect(await deliver(fake.callbackFor(request.id, 'payment.succeeded', { currency: 'PHP' }))).toEqual({ statusCode: 200, body: { outcome: 'refused' } });
    expect((await intentOf(payment)).status).toBe('waiting_payment');
  });

  it('fails the intent on payment.failed, with Xendit\'s reason in our words, and expires it on payment_method.expired', async () => {
    const failing = await waitingPayment('credit_card');
    expect(await deliver(fake.callbackFor(failing.request.id, 'payment.failed'))).toMatchObject({ body: { outcome: 'applied' } });
    expect(await intentOf(failing.payment)).toMatchObject({ status: 'failed', failureReason: 'insufficient_balance' });
    for (const [code, reason] of [['USER_DID_NOT_AUTHORIZE_THE_PAYMENT', 'cancelled_by_member'], ['ACCOUNT_ACCESS_BLOCKED', 'account_unavailable'], ['SOMETHING_NEW', 'failed']] as const) {
      const other = await waitingPayment('credit_card');
      await deliver(fake.callbackFor(other.request.id, 'payment.failed', { failureCode: code }));
      expect((await follow(other.payment)).failureReason).toBe(reason);
    }
    const expiring = await waitingPayment('virtual_account');
    expect(await deliver(fake.callbackFor(expiring.request.id, 'payment_method.expired'))).toMatchObject({ body: { outcome: 'applied' } });
    expect((await intentOf(expiring.payment)).status).toBe('expired');
  });

  it('takes a callback the fake POSTs over HTTP to the listening app', async () => {
    const address = await xenditApp.listen({ port: 0, host: '127.0.0.1' });
    const overHttp = await startFakeXendit({ secretKey, callbackToken, deliverTo: `${address}/webhooks/payments/xendit` });
    try {
      const { payment, request } = await waitingPayment();
      const callback = fake.callbackFor(request.id, 'payment.succeeded');
      expect(await overHttp.deliver(callback)).toEqual({ statusCode: 200, body: JSON.stringify({ outcome: 'applied' }) });
      expect((await intentOf(payment)).status).toBe('paid');
    } finally {
      await overHttp.close();
    }
  });

  it('answers 400 to a body that is not a Xendit callback, or a settling one that names no payment', async () => {
    const headers = fake.callbackFor((await waitingPayment()).request.id, 'payment.succeeded').headers;
    for (const body of ['not json', JSON.stringify({ event: 'payment.succeeded', data: {} }), JSON.stringify({ event: 'payment.pending' })]) {
      expect(await deliver({ body, headers })).toMatchObject({ statusCode: 400, body: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('answers 200 ignored to a genuine callback that settles no payment of ours, and records nothing', async () => {
    const { payment, request } = await waitingPayment();
    const { headers } = fake.callbackFor(request.id, 'payment.succeeded');
    const savedCard = { id: 'pm-saved-card-9', type: 'CARD', reusability: 'MULTIPLE_USE', status: 'EXPIRED' };
    const settlingNothing = [
      { event: 'payment.pending', data: { id: `py-${randomUUID()}`, reference_id: payment.id, status: 'PENDING', amount: 150_000, currency: 'IDR' } },
      { event: 'payment_method.activated', data: { id: `pm-${randomUUID()}`, reference_id: payment.id, reusability: 'ONE_TIME_USE', status: 'ACTIVE' } },
      { event: 'payment_method.activated', data: { ...savedCard, status: 'ACTIVE' } },
      { event: 'payment_method.expired', data: { ...savedCard, reference_id: payment.id } },
      // A payment made at Xendit for something other than one of our intents.
      { event: 'payment.succeeded', data: { id: `py-${randomUUID()}`, reference_id: 'invoice-2024-0001', status: 'SUCCEEDED', amount: 150_000, currency: 'IDR' } },
    ];
    for (const callback of settlingNothing) {
      expect(await deliver({ body: JSON.stringify(callback), headers })).toEqual({ statusCode: 200, body: { outcome: 'ignored' } });
    }
    expect((await intentOf(payment)).status).toBe('waiting_payment');
    expect(await findIntentEvents(testApp.db, payment.id)).toEqual([]);
  });
});

describe('Xendit status questions', () => {
  it.each([
    ['PENDING', 'waiting_payment'],
    ['REQUIRES_ACTION', 'waiting_payment'],
    ['SUCCEEDED', 'paid'],
    ['FAILED', 'failed'],
    ['EXPIRED', 'expired'],
    ['CANCELED', 'cancelled'],
    ['VOIDED', 'cancelled'],
  ] as const)('reads a payment request %s as %s', async (xenditStatus: FakeRequestStatus, status) => {
    const { payment, request } = await waitingPayment();
    fake.setStatus(request.id, xenditStatus, xenditStatus === 'FAILED' ? 'EXPIRED_CARD' : null);
    const answer = await provider.queryStatus({ intent: await intentOf(payment), now: testApp.clock.now() });
    expect(answer).toMatchObject({ status, amountMinor: 150_000n, currency: 'IDR', failureReason: status === 'failed' ? 'card_expired' : null });
  });

  it('looks the request up by the intent id when no charge was recorded, and expires an intent Xendit never saw once its time is up', async () => {
    const { payment, request } = await waitingPayment();
    const intent = await intentOf(payment);
    fake.setStatus(request.id, 'SUCCEEDED');
    expect((await provider.queryStatus({ intent: { ...intent, providerReference: null }, now: testApp.clock.now() })).status).toBe('paid');
    const unknown = { ...intent, id: randomUUID(), providerReference: null };
    expect((await provider.queryStatus({ intent: unknown, now: testApp.clock.now() })).status).toBe('waiting_payment');
    expect((await provider.queryStatus({ intent: unknown, now: new Date(intent.expiresAt.getTime() + 1) })).status).toBe('expired');
  });
});
