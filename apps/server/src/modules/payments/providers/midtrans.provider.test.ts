import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@kartu/contracts';
import { buildAppContext, createApp } from '../../../app.ts';
import { newMember, type TestMember } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { PaymentEffects } from '../payment-effects.ts';
import type { PaymentsContext } from '../payments.context.ts';
import { findIntent, findIntentEvents, findMerchantIntents } from '../payments.repository.ts';
import { openPayment } from '../payments.test-support.ts';
import type { PaymentIntentRow } from '../payments.table.ts';
import { startFakeMidtrans, type FakeMidtrans, type FakeMidtransNotification, type FakeMidtransStatus } from './midtrans.fake.ts';
import { midtransProvider, midtransSignature, type MidtransProviderOptions } from './midtrans.provider.ts';

const serverKey = 'SB-Mid-server-test-0123456789abcdef';

let fake: FakeMidtrans;
let testApp: TestApp;
let member: TestMember;
let payments: PaymentsContext;
const paidIntents: string[] = [];
const effects: PaymentEffects = { order: { onPaid: async ({ intent }) => void paidIntents.push(intent.id) } };

const deliverToApp = (message: FakeMidtransNotification) =>
  testApp.app.inject({ method: 'POST', url: '/webhooks/payments/midtrans', payload: message.rawBody, headers: message.headers });

const providerAtFake = (options: Partial<MidtransProviderOptions> = {}) =>
  midtransProvider({ serverKey, clientKey: 'SB-Mid-client-test', coreApiUrl: fake.coreApiUrl, snapUrl: fake.snapUrl, ...options });

beforeAll(async () => {
  fake = await startFakeMidtrans({ serverKey, deliver: deliverToApp });
  payments = { providers: new Map([['midtrans', providerAtFake()]]), sandbox: undefined, effects };
  // The real app and routes, with Midtrans as the deployment's payment provider.
  const base = await createTestApp();
  const context = { ...buildAppContext({ env: base.env, database: base.db, clock: base.clock }), payments };
  const app = await createApp({ env: base.env, database: base.db, clock: base.clock, context });
  testApp = {
    ...base,
    app,
    close: async () => {
      await app.close();
      await base.close();
    },
  };
  member = await newMember(testApp);
});
afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});
afterEach(() => fake.reset());

function createPayment(method: PaymentMethod, { context = payments, amountMinor = 150_000n, subjectId = `order-${randomUUID()}` } = {}) {
  return openPayment(testApp, { member, payments: context, method, amountMinor, subjectId });
}

async function newPaymentId(method: PaymentMethod = 'virtual_account'): Promise<string> {
  return (await createPayment(method)).body.id;
}

async function intentOf(id: string): Promise<PaymentIntentRow> {
  const intent = await findIntent(testApp.db, { merchantId: member.user.merchantId, id });
  if (!intent) throw new Error(`No intent ${id}`);
  return intent;
}

/** An intent that exists only in memory, for calls that never reach the database. */
function intentRow(overrides: Partial<PaymentIntentRow> = {}): PaymentIntentRow {
  const now = testApp.clock.now();
  return {
    id: randomUUID(),
    merchantId: member.user.merchantId,
    userId: member.userId,
    subjectType: 'order',
    subjectId: 'order-in-memory',
    amountMinor: 150_000n,
    currency: 'IDR',
    method: 'virtual_account',
    provider: 'midtrans',
    providerReference: null,
    instructions: null,
    status: 'pending',
    failureReason: null,
    expiresAt: new Date(now.getTime() + 60_000),
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

const outcomeOf = (answer: unknown) => (answer as { json(): { outcome: string } }).json().outcome;

describe('making a charge at Midtrans', () => {
  it('answers the instructions of each method the Core API takes, charged under the intent id in whole rupiah', async () => {
    const virtualAccount = (await createPayment('virtual_account', { amountMinor: 275_000n })).body;
    expect(virtualAccount.status).toBe('waiting_payment');
    expect(virtualAccount.instructions).toEqual({ kind: 'virtual_account', bank: 'BCA', accountNumber: expect.stringMatching(/^\d{11}$/) });
    expect(fake.transactions.get(virtualAccount.id)).toMatchObject({ payment_type: 'bank_transfer', gross_amount: '275000.00' });

    const qris = (await createPayment('qris')).body;
    expect(qris.instructions).toEqual({ kind: 'qris', qrString: expect.stringMatching(/^000201/) });

    const ewallet = (await createPayment('ewallet')).body;
    expect(ewallet.instructions).toEqual({ kind: 'redirect', url: expect.stringContaining('/gopay/') });
    expect(fake.transactions.get(ewallet.id)?.payment_type).toBe('gopay');
  });

  it('sends a member paying by a new card to the Snap page, where they enter it', async () => {
    const card = (await createPayment('credit_card')).body;
    expect(card.status).toBe('waiting_payment');
    expect(card.instructions).toEqual({ kind: 'redirect', url: expect.stringMatching(new RegExp(`^${fake.snapUrl}/snap/v4/redirection/`)) });
    expect(fake.requests.at(-1)).toBe('POST /snap/v1/transactions');
  });

  it('sends the member back to the payment\'s page on the site they pay from, after Snap and after the e-wallet', async () => {
    const returnUrl = (intent: PaymentIntentRow) => `https://v2.kartu.test/payments/${intent.id}`;
    const card = intentRow({ method: 'credit_card' });
    await providerAtFake().createCharge({ intent: card, now: testApp.clock.now(), returnUrl: returnUrl(card) });
    expect(fake.bodies.get(card.id)).toMatchObject({ callbacks: { finish: returnUrl(card) } });
    const gopay = intentRow({ method: 'ewallet' });
    await providerAtFake().createCharge({ intent: gopay, now: testApp.clock.now(), returnUrl: returnUrl(gopay) });
    expect(fake.bodies.get(gopay.id)).toMatchObject({ payment_type: 'gopay', gopay: { enable_callback: true, callback_url: returnUrl(gopay) } });
    const shopeepay = intentRow({ method: 'ewallet' });
    await providerAtFake({ ewallet: 'shopeepay' }).createCharge({ intent: shopeepay, now: testApp.clock.now(), returnUrl: returnUrl(shopeepay) });
    expect(fake.bodies.get(shopeepay.id)).toMatchObject({ payment_type: 'shopeepay', shopeepay: { callback_url: returnUrl(shopeepay) } });
    // A saved card charged by a renewal, with no member to send anywhere, leaves them on the payment's page.
    const renewal = intentRow({ method: 'credit_card' });
    const charged = await providerAtFake().createCharge({ intent: renewal, now: testApp.clock.now(), cardToken: 'card-token-renewal' });
    expect(charged.instructions).toEqual({ kind: 'redirect', url: `/payments/${renewal.id}` });
  });

  it('reads a Permata account number, a ShopeePay link and a QR image when no QR string comes', async () => {
    const permata = await providerAtFake({ virtualAccountBank: 'permata' }).createCharge({ intent: intentRow(), now: testApp.clock.now() });
    expect(permata.instructions).toEqual({ kind: 'virtual_account', bank: 'PERMATA', accountNumber: expect.stringMatching(/^\d{18}$/) });
    const bni = await providerAtFake({ virtualAccountBank: 'bni' }).createCharge({ intent: intentRow(), now: testApp.clock.now() });
    expect(bni.instructions).toMatchObject({ kind: 'virtual_account', bank: 'BNI' });

    const shopeepay = await providerAtFake({ ewallet: 'shopeepay' }).createCharge({ intent: intentRow({ method: 'ewallet' }), now: testApp.clock.now() });
    expect(shopeepay.instructions).toEqual({ kind: 'redirect', url: expect.stringContaining('/shopeepay/') });

    fake.behaviour.qrisImageOnly = true;
    const qris = await providerAtFake().createCharge({ intent: intentRow({ method: 'qris' }), now: testApp.clock.now() });
    expect(qris.instructions).toEqual({ kind: 'redirect', url: expect.stringMatching(/\/v2\/qris\/.+\/qr-code$/) });
  });

  it("tells browsers where to tokenise a card with the client key, and nothing without one", () => {
    expect(providerAtFake()).toMatchObject({ publicKey: 'SB-Mid-client-test', tokenizationUrl: fake.coreApiUrl });
    expect(midtransProvider({ serverKey, coreApiUrl: fake.coreApiUrl }).tokenizationUrl).toBeUndefined();
  });

  it('settles a saved card charged in the answer: captured is paid, denied is failed, challenged or 3-D Secure waits', async () => {
    const provider = providerAtFake();
    const charge = (cardToken: string) => {
      const intent = intentRow({ method: 'credit_card' });
      return provider.createCharge({ intent, now: testApp.clock.now(), cardToken }).then((made) => ({ intent, made }));
    };
    const captured = await charge('card-token-ok');
    expect(captured.made.settled).toMatchObject({ status: 'paid', amountMinor: 150_000n, currency: 'IDR', failureReason: null });
    expect(captured.made.settled?.providerEventId).toBe(`${captured.made.providerReference}:capture:200`);
    // The one-time token is spent: the saved token Midtrans answers (the fake only when asked to save) charges the card for a renewal.
    expect(captured.made.reusableCardToken).toBe('saved-card-token-ok');

    fake.behaviour.cardOutcome = 'deny';
    expect((await charge('card-token-denied')).made.settled).toMatchObject({ status: 'failed', failureReason: 'card_declined' });

    fake.behaviour.cardDeclineCode = '51';
    expect((await charge('card-token-short')).made.settled).toMatchObject({ status: 'failed', failureReason: 'insufficient_balance' });
    fake.behaviour.cardOutcome = 'fraud_deny';
    expect((await charge('card-token-fraud')).made.settled).toMatchObject({ status: 'failed', failureReason: 'suspected_fraud' });

    fake.behaviour.cardOutcome = 'challenge';
    expect((await charge('card-token-challenged')).made.settled).toBeUndefined();

    fake.behaviour.cardOutcome = 'three_d_secure';
    const secure = await charge('card-token-3ds');
    expect(secure.made.settled).toBeUndefined();
    expect(secure.made.instructions).toEqual({ kind: 'redirect', url: expect.stringContaining('/redirect/') });
  });

  it('refuses the methods Midtrans does not take here and currencies other than IDR, before calling it', async () => {
    const provider = providerAtFake();
    const asked = fake.requests.length;
    for (const method of ['manual_transfer', 'cash_on_delivery'] as const) {
      await expect(provider.createCharge({ intent: intentRow({ method }), now: testApp.clock.now() })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    }
    await expect(provider.createCharge({ intent: intentRow({ currency: 'USD' }), now: testApp.clock.now() })).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringContaining('IDR'),
    });
    expect(fake.requests.length).toBe(asked);
  });

  it('fails the charge when Midtrans refuses the server key', async () => {
    const provider = providerAtFake({ serverKey: 'SB-Mid-server-wrong' });
    await expect(provider.createCharge({ intent: intentRow(), now: testApp.clock.now() })).rejects.toThrow(/HTTP 401/);
  });

  it('answers 503 PAYMENT_PROVIDER_UNAVAILABLE and fails the intent when Midtrans does not answer in time', async () => {
    fake.behaviour.hangOnCreate = true;
    const hurried = { ...payments, providers: new Map([['midtrans', providerAtFake({ timeoutMs: 200 })]] as const) };
    const subjectId = `order-${randomUUID()}`;
    await expect(createPayment('qris', { context: hurried, subjectId })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 503 });
    const intents = await findMerchantIntents(testApp.db, { merchantId: member.user.merchantId, limit: 1000 });
    expect(intents.filter((intent) => intent.subjectId === subjectId).map((intent) => [intent.status, intent.failureReason])).toEqual([['failed', 'provider_unavailable']]);
  });
});

describe("Midtrans's notifications through the webhook", () => {
  it('refuses a forged signature with 401 and changes nothing', async () => {
    const id = await newPaymentId();
    fake.setStatus(id, 'settlement');
    const answer = await deliverToApp(fake.notification(id, { forge: true }));
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'PAYMENT_SIGNATURE_INVALID' });
    expect((await intentOf(id)).status).toBe('waiting_payment');
    expect(await findIntentEvents(testApp.db, id)).toEqual([]);
  });

  it('refuses a notification without a signature with 401, and one that is not JSON with 400', async () => {
    const id = await newPaymentId();
    fake.setStatus(id, 'settlement');
    const signed = JSON.parse(fake.notification(id).rawBody) as Record<string, unknown>;
    const unsigned = JSON.stringify({ ...signed, signature_key: undefined });
    expect((await deliverToApp({ rawBody: unsigned, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    const notJson = await deliverToApp({ rawBody: '{"order_id": ', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await intentOf(id)).status).toBe('waiting_payment');
  });

  it('applies a settlement once: the same notification again answers duplicate', async () => {
    const id = await newPaymentId();
    fake.behaviour.deliveries = 2;
    const [first, second] = await fake.notify(id, 'settlement');
    expect([outcomeOf(first), outcomeOf(second)]).toEqual(['applied', 'duplicate']);
    expect((await intentOf(id)).status).toBe('paid');
    expect(paidIntents.filter((paid) => paid === id)).toHaveLength(1);
    expect(await findIntentEvents(testApp.db, id)).toHaveLength(1);
  });

  it('keeps an intent paid when the settlement arrives before the charge call returns', async () => {
    fake.behaviour.notifyBeforeAnswer = 'settlement';
    const answer = await createPayment('qris');
    expect(answer.body.status).toBe('paid');
    const intent = await intentOf(answer.body.id);
    expect(intent.status).toBe('paid');
    // The late charge record did not move it back, nor take its place.
    expect(intent.instructions).toBeNull();
  });

  it('never moves a paid intent back on a late pending notification, and ignores a refund of it', async () => {
    const id = await newPaymentId();
    expect((await fake.notify(id, 'settlement')).map(outcomeOf)).toEqual(['applied']);
    expect((await fake.notify(id, 'pending')).map(outcomeOf)).toEqual(['ignored']);
    expect((await fake.notify(id, 'refund')).map(outcomeOf)).toEqual(['ignored']);
    expect((await intentOf(id)).status).toBe('paid');
  });

  it('answers a refund of a payment whose settlement never came 200 ignored: still waiting, nothing delivered or recorded', async () => {
    const id = await newPaymentId();
    expect((await fake.notify(id, 'refund')).map(outcomeOf)).toEqual(['ignored']);
    expect((await intentOf(id)).status).toBe('waiting_payment');
    expect(paidIntents).not.toContain(id);
    expect(await findIntentEvents(testApp.db, id)).toEqual([]);
  });

  it('refuses a notification whose amount is not the intent\'s, leaving the intent waiting', async () => {
    const id = await newPaymentId();
    fake.setStatus(id, 'settlement');
    const answer = await deliverToApp(fake.notification(id, { grossAmount: '1000.00' }));
    expect(outcomeOf(answer)).toBe('refused');
    expect((await intentOf(id)).status).toBe('waiting_payment');
  });

  it('refuses a signed pending notification sent again as a settlement: 401, and the intent keeps waiting', async () => {
    const id = await newPaymentId();
    fake.setStatus(id, 'pending');
    const pending = JSON.parse(fake.notification(id).rawBody) as Record<string, unknown>;
    expect(pending).toMatchObject({ status_code: '201', transaction_status: 'pending' });
    const replayed = await deliverToApp({ rawBody: JSON.stringify({ ...pending, transaction_status: 'settlement' }), headers: { 'content-type': 'application/json' } });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'PAYMENT_SIGNATURE_INVALID' });
    expect((await intentOf(id)).status).toBe('waiting_payment');
    expect(paidIntents).not.toContain(id);
    expect(await findIntentEvents(testApp.db, id)).toEqual([]);
  });

  it('applies a settlement only as Midtrans’s status API confirms it', async () => {
    const id = await newPaymentId();
    fake.setStatus(id, 'pending');
    // A message signed with the 200 that a cancel or a refund also carries, claiming a settlement
    // that Midtrans does not know: nothing is delivered.
    const { transaction_id, gross_amount } = fake.transactions.get(id) ?? {};
    const claim = { order_id: id, transaction_id: transaction_id ?? '', status_code: '200', gross_amount: gross_amount ?? '', transaction_status: 'settlement' };
    const signature_key = midtransSignature({ orderId: id, statusCode: '200', grossAmount: claim.gross_amount }, serverKey);
    const message = { rawBody: JSON.stringify({ ...claim, signature_key }), headers: { 'content-type': 'application/json' } };
    expect(outcomeOf(await deliverToApp(message))).toBe('ignored');
    expect((await intentOf(id)).status).toBe('waiting_payment');
    expect(paidIntents).not.toContain(id);
    expect(fake.requests).toContain(`GET /v2/${id}/status`);
    // Once Midtrans has it settled, the same message settles the intent, with Midtrans's answer kept beside it.
    fake.setStatus(id, 'settlement');
    expect(outcomeOf(await deliverToApp(message))).toBe('applied');
    expect((await intentOf(id)).status).toBe('paid');
    const [event] = await findIntentEvents(testApp.db, id);
    expect(event?.payload).toMatchObject({ message: { transaction_status: 'settlement' }, confirmedBy: { transaction_status: 'settlement', status_code: '200' } });
  });

  it('answers 503 while Midtrans cannot confirm a settlement, so it delivers the notification again later', async () => {
    const id = await newPaymentId();
    fake.behaviour.statusUnavailable = true;
    const [answer] = await fake.notify(id, 'settlement');
    expect((answer as { statusCode: number }).statusCode).toBe(503);
    expect((await intentOf(id)).status).toBe('waiting_payment');
    fake.behaviour.statusUnavailable = false;
    expect((await fake.notify(id, 'settlement')).map(outcomeOf)).toEqual(['applied']);
  });

  it.each([
    ['expire', 'expired'],
    ['cancel', 'cancelled'],
    ['deny', 'failed'],
    ['failure', 'failed'],
  ] as const)('moves a waiting intent on %s to %s', async (status, expected) => {
    const id = await newPaymentId();
    expect((await fake.notify(id, status)).map(outcomeOf)).toEqual(['applied']);
    expect((await intentOf(id)).status).toBe(expected);
  });
});

describe('reading notifications', () => {
  const provider = () => providerAtFake();
  const signedBody = (fields: Record<string, string>) => {
    const signature_key = midtransSignature({ orderId: fields.order_id ?? '', statusCode: fields.status_code ?? '', grossAmount: fields.gross_amount ?? '' }, serverKey);
    return JSON.stringify({ ...fields, signature_key });
  };
  const base = { order_id: 'order-1', transaction_id: 'trx-1', status_code: '200', gross_amount: '150000.00', transaction_status: 'capture' };

  it('reads a challenged card as still waiting and a fraud-denied one as failed', () => {
    const challenged = provider().parseWebhook({ rawBody: signedBody({ ...base, status_code: '201', fraud_status: 'challenge' }), headers: {} });
    expect(challenged).toMatchObject({ status: 'waiting_payment', kind: 'capture', providerEventId: 'trx-1:capture:201', amountMinor: 150_000n, currency: 'IDR' });
    expect(provider().parseWebhook({ rawBody: signedBody({ ...base, status_code: '202', fraud_status: 'deny' }), headers: {} })).toMatchObject({ status: 'failed', failureReason: 'suspected_fraud' });
  });

  it.each([
    [{ payment_type: 'credit_card', channel_response_code: '51' }, 'insufficient_balance'],
    [{ payment_type: 'credit_card', channel_response_code: '54' }, 'card_expired'],
    [{ payment_type: 'credit_card', channel_response_code: 'N7' }, 'card_invalid'],
    [{ payment_type: 'credit_card', channel_response_code: '05' }, 'card_declined'],
    [{ payment_type: 'credit_card', channel_response_code: 'Z9' }, 'card_declined'],
    [{ payment_type: 'credit_card', channel_response_code: '05', fraud_status: 'deny' }, 'suspected_fraud'],
    [{ payment_type: 'gopay' }, 'declined'],
  ])('reads a denied transaction %o as %s', (fields, reason) => {
    const denied = { ...base, transaction_status: 'deny', status_code: '202', ...fields };
    expect(provider().parseWebhook({ rawBody: signedBody(denied), headers: {} })).toMatchObject({ status: 'failed', failureReason: reason });
  });

  it('reads a failure as failed without a reason of its own', () => {
    const failure = { ...base, transaction_status: 'failure', status_code: '202' };
    expect(provider().parseWebhook({ rawBody: signedBody(failure), headers: {} })).toMatchObject({ status: 'failed', failureReason: 'failed' });
  });

  it.each(['refund', 'partial_refund', 'chargeback', 'partial_chargeback', 'authorize'])('reads a signed %s as settling nothing', (status) => {
    expect(provider().parseWebhook({ rawBody: signedBody({ ...base, transaction_status: status }), headers: {} })).toBeNull();
  });

  it('reads a pending transaction as waiting', () => {
    expect(provider().parseWebhook({ rawBody: signedBody({ ...base, transaction_status: 'pending', status_code: '201' }), headers: {} })).toMatchObject({ status: 'waiting_payment', kind: 'pending' });
  });

  it('refuses a fraction of a rupiah and an unknown status, once the signature holds', () => {
    expect(() => provider().parseWebhook({ rawBody: signedBody({ ...base, gross_amount: '150000.50' }), headers: {} })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => provider().parseWebhook({ rawBody: signedBody({ ...base, transaction_status: 'teleported' }), headers: {} })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it.each([
    ['settlement', '201'],
    ['settlement', '202'],
    ['capture', '201'],
    ['pending', '200'],
    ['expire', '200'],
    ['deny', '200'],
  ])('refuses a %s signed with status code %s, which Midtrans never sends with it', (status, code) => {
    const mismatched = signedBody({ ...base, transaction_status: status, status_code: code });
    expect(() => provider().parseWebhook({ rawBody: mismatched, headers: {} })).toThrow(expect.objectContaining({ code: 'PAYMENT_SIGNATURE_INVALID' }));
  });

  it('checks the signature before reading anything: a tampered status is a bad signature', () => {
    const tampered = JSON.stringify({ ...(JSON.parse(signedBody(base)) as object), status_code: '201' });
    expect(() => provider().parseWebhook({ rawBody: tampered, headers: {} })).toThrow(expect.objectContaining({ code: 'PAYMENT_SIGNATURE_INVALID' }));
    expect(() => provider().parseWebhook({ rawBody: '[]', headers: {} })).toThrow(expect.objectContaining({ code: 'PAYMENT_SIGNATURE_INVALID' }));
  });
});

describe('asking Midtrans about an intent', () => {
  it.each([
    ['pending', 'waiting_payment'],
    ['settlement', 'paid'],
    ['capture', 'paid'],
    ['deny', 'failed'],
    ['expire', 'expired'],
    ['cancel', 'cancelled'],
    // Never paid on a refund: a settlement we missed must not deliver what was refunded.
    ['refund', 'waiting_payment'],
  ] as const satisfies readonly (readonly [FakeMidtransStatus, string])[])('reads %s as %s', async (status, expected) => {
    const provider = providerAtFake();
    const intent = intentRow();
    await provider.createCharge({ intent, now: testApp.clock.now() });
    fake.setStatus(intent.id, status);
    expect(await provider.queryStatus({ intent, now: testApp.clock.now() })).toMatchObject({ status: expected, amountMinor: 150_000n, currency: 'IDR' });
  });

  it('reads an order Midtrans never made as expired once past its expiry, else still waiting', async () => {
    const provider = providerAtFake();
    const intent = intentRow();
    expect((await provider.queryStatus({ intent, now: testApp.clock.now() })).status).toBe('waiting_payment');
    expect((await provider.queryStatus({ intent, now: new Date(intent.expiresAt.getTime() + 1) })).status).toBe('expired');
  });
});
