import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentAnswerSchema, subscribeAnswerSchema, subscriptionPageSchema } from '@kartu/contracts';
import sharp from 'sharp';
import { send } from '../modules/cards/cards.test-support.ts';
import { testPicture } from '../modules/media/media.test-support.ts';
import { HOUR_MS } from '@kartu/core/calendar';
import { reconcilePayments } from '../modules/payments/payment-reconciliation.service.ts';
import { paymentEvents } from '../modules/payments/payments.table.ts';
import { newPayment, testPayments, uploadProof } from '../modules/payments/payments.test-support.ts';
import { newSubscriptionProgram, subscribeAs, subscriber } from '../modules/subscriptions/subscriptions.test-support.ts';
import { newMember, type TestMember } from '../test/members.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../test/test-app.ts';
import { createApiKey } from './api-keys.service.ts';
import { answerOf, callIntegration } from './integration.test-support.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../test/integration-client.ts';
import type { components } from '../test/api/integration-api.ts';

let testApp: TestApp;
let member: TestMember;
let key: string;
let otherKey: string;
let merchant: IntegrationClient;
let otherMerchant: IntegrationClient;
let picture: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  member = await newMember(testApp);
  key = (await createApiKey({ db: testApp.db, merchantId: member.user.merchantId, name: 'Back office' })).key;
  otherKey = (await createApiKey({ db: testApp.db, merchantId: await merchantIdOf(testApp.db, 'LUMINABEAUTY'), name: 'Another merchant' })).key;
  merchant = await integrationClient(testApp, { key });
  otherMerchant = await integrationClient(testApp, { key: otherKey });
  picture = await testPicture({ width: 600, height: 900, format: 'jpeg' });
});
afterAll(async () => {
  await testApp.close();
});

/** A manual transfer of the member's with a proof waiting for review. */
async function provenPayment() {
  const payment = await newPayment(testApp, { member, method: 'manual_transfer' });
  expect((await uploadProof(testApp, { member, paymentId: payment.id, bytes: picture, contentType: 'image/jpeg' })).statusCode).toBe(201);
  return payment;
}

function review(paymentId: string, body: object, { idempotencyKey }: { idempotencyKey?: string } = {}) {
  return callIntegration(testApp, 'POST', `/payments/${paymentId}/proof/review`, { key, body, ...(idempotencyKey && { idempotencyKey }) });
}

function reviewProof(
  paymentId: string,
  body: components['schemas']['PaymentProofReviewBody'],
  { client = merchant, idempotencyKey = newWriteKey() }: { client?: IntegrationClient; idempotencyKey?: string } = {},
) {
  return client.POST('/integration/v1/payments/{id}/proof/review', { params: { path: { id: paymentId }, header: { 'idempotency-key': idempotencyKey } }, body });
}

const paymentOf = (client: IntegrationClient, id: string) => client.GET('/integration/v1/payments/{id}', { params: { path: { id } } });
const proofOf = (client: IntegrationClient, id: string) => client.GET('/integration/v1/payments/{id}/proof', { params: { path: { id } }, parseAs: 'arrayBuffer' });

async function memberView(paymentId: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}`, headers: { host: 'localhost', authorization: `Bearer ${member.token}` } });
  return paymentAnswerSchema.parse(response.json());
}

describe('GET /integration/v1/payments/{id} and its proof', () => {
  it('shows the merchant its payment with the proof, and the proof image', async () => {
    const payment = await provenPayment();
    const { data: answer, response } = await paymentOf(merchant, payment.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(answer).toMatchObject({
      id: payment.id,
      status: 'waiting_payment',
      amount: 150_000,
      currency: 'IDR',
      method: 'manual_transfer',
      proof: { status: 'submitted', note: null, reviewedAt: null },
    });

    const image = await proofOf(merchant, payment.id);
    expect(image.response.status).toBe(200);
    expect(image.response.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(answerOf(image)).metadata()).toMatchObject({ format: 'webp', width: 600, height: 900 });
  });

  it("is not found for another merchant's key, an unknown payment, or a payment without proof; 401 without a key", async () => {
    const payment = await provenPayment();
    expect((await paymentOf(otherMerchant, payment.id)).error).toMatchObject({ statusCode: 404, code: 'PAYMENT_NOT_FOUND' });
    expect((await proofOf(otherMerchant, payment.id)).error).toMatchObject({ statusCode: 404, code: 'PAYMENT_NOT_FOUND' });
    for (const path of [`/payments/${payment.id}`, `/payments/${payment.id}/proof`]) {
      expect((await callIntegration(testApp, 'GET', path)).statusCode).toBe(401);
    }
    expect((await paymentOf(merchant, randomUUID())).response.status).toBe(404);
    const unproven = await newPayment(testApp, { member, method: 'manual_transfer' });
    expect((await paymentOf(merchant, unproven.id)).data).toMatchObject({ proof: null });
    expect((await proofOf(merchant, unproven.id)).error).toMatchObject({ statusCode: 404, code: 'PAYMENT_PROOF_NOT_FOUND' });
  });
});

describe('GET /integration/v1/payments/awaiting-review', () => {
  it("lists the merchant's transfers whose proof waits, and no other merchant's; a proof waiting keeps its payment open past its expiry", async () => {
    const waiting = await provenPayment();
    const unproven = await newPayment(testApp, { member, method: 'manual_transfer' });
    const listed = await merchant.GET('/integration/v1/payments/awaiting-review');
    expect(listed.response.status).toBe(200);
    const ids = answerOf(listed).data.map((payment) => payment.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(unproven.id);
    const elsewhere = answerOf(await otherMerchant.GET('/integration/v1/payments/awaiting-review'));
    expect(elsewhere.data.map((payment) => payment.id)).not.toContain(waiting.id);

    testApp.clock.advance(25 * HOUR_MS);
    await reconcilePayments({ db: testApp.db, payments: testPayments(), now: testApp.clock.now(), log: { error: () => undefined } });
    expect((await memberView(waiting.id)).status).toBe('waiting_payment');
    expect((await memberView(unproven.id)).status).toBe('expired');
    expect((await reviewProof(waiting.id, { decision: 'accept' })).response.status).toBe(200);
    expect((await memberView(waiting.id)).status).toBe('paid');
  });
});

describe('POST /integration/v1/payments/{id}/proof/review', () => {
  it('accepts a proof: the subscription paid by transfer becomes active in the same step', async () => {
    const merchantId = member.user.merchantId;
    const program = await newSubscriptionProgram(testApp, merchantId);
    const clubMember = await subscriber(testApp, merchantId, program);
    const subscribed = await subscribeAs(testApp, clubMember, { planId: program.monthly.id, paymentMethod: 'manual_transfer' });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const { payment } = subscribeAnswerSchema.parse(subscribed.json());
    expect(payment).toMatchObject({ provider: 'manual', status: 'waiting_payment', instructions: { kind: 'manual_transfer' } });
    expect((await uploadProof(testApp, { member: clubMember, paymentId: payment.id, bytes: picture, contentType: 'image/jpeg' })).statusCode).toBe(201);

    const accepted = await reviewProof(payment.id, { decision: 'accept' });
    expect(accepted.response.status, JSON.stringify(accepted.error)).toBe(200);
    expect(accepted.data).toMatchObject({ status: 'paid', proof: { status: 'accepted', reviewedAt: testApp.clock.now().toISOString() } });
    const page = subscriptionPageSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${clubMember.card.id}/subscription`, { member: clubMember })).json());
    expect(page.subscription).toMatchObject({ status: 'active', isExpired: false, openPayment: null });
    const events = await testApp.db.select().from(paymentEvents).where(eq(paymentEvents.intentId, payment.id));
    expect(events).toMatchObject([{ provider: 'manual', kind: 'paid', outcome: 'applied' }]);
    expect(events[0]?.providerEventId).toMatch(/^review:[0-9a-f-]{36}$/);

    // Paid: no other proof, and no second review.
    expect((await uploadProof(testApp, { member: clubMember, paymentId: payment.id, bytes: picture, contentType: 'image/jpeg' })).statusCode).toBe(409);
    expect((await reviewProof(payment.id, { decision: 'reject', note: 'Too late' })).error).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
  });

  it('rejects a proof with a note the member sees; the member uploads again and it can be accepted', async () => {
    const payment = await provenPayment();
    const rejected = await reviewProof(payment.id, { decision: 'reject', note: 'The amount on the receipt is Rp 15.000, not Rp 150.000' });
    expect(rejected.data).toMatchObject({ status: 'waiting_payment', proof: { status: 'rejected', note: 'The amount on the receipt is Rp 15.000, not Rp 150.000' } });
    expect(await memberView(payment.id)).toMatchObject({ status: 'waiting_payment', proof: { status: 'rejected', note: 'The amount on the receipt is Rp 15.000, not Rp 150.000' } });
    expect((await reviewProof(payment.id, { decision: 'accept' })).response.status).toBe(409);

    testApp.clock.advance(60_000);
    expect((await uploadProof(testApp, { member, paymentId: payment.id, bytes: picture, contentType: 'image/jpeg' })).statusCode).toBe(201);
    expect(await memberView(payment.id)).toMatchObject({ proof: { status: 'submitted', note: null } });
    expect((await reviewProof(payment.id, { decision: 'accept' })).data).toMatchObject({ status: 'paid', proof: { status: 'accepted' } });
    expect(await memberView(payment.id)).toMatchObject({ status: 'paid', proof: { status: 'accepted' } });
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and settles once', async () => {
    const payment = await provenPayment();
    const idempotencyKey = randomUUID();
    const first = await reviewProof(payment.id, { decision: 'accept' }, { idempotencyKey });
    const again = await reviewProof(payment.id, { decision: 'accept' }, { idempotencyKey });
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await testApp.db.select().from(paymentEvents).where(eq(paymentEvents.intentId, payment.id))).toHaveLength(1);
    expect((await review(payment.id, { decision: 'reject' }, { idempotencyKey })).json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it("is not found for another merchant's payment, and needs an Idempotency-Key and a decision", async () => {
    const payment = await provenPayment();
    expect((await reviewProof(payment.id, { decision: 'accept' }, { client: otherMerchant })).error).toMatchObject({ statusCode: 404, code: 'PAYMENT_NOT_FOUND' });
    const withoutKey = await callIntegration(testApp, 'POST', `/payments/${payment.id}/proof/review`, { key, body: { decision: 'accept' }, idempotencyKey: null });
    expect(withoutKey.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    expect((await review(payment.id, { decision: 'maybe' })).statusCode).toBe(400);
    expect(await memberView(payment.id)).toMatchObject({ status: 'waiting_payment', proof: { status: 'submitted' } });
    const unproven = await newPayment(testApp, { member, method: 'manual_transfer' });
    expect((await reviewProof(unproven.id, { decision: 'accept' })).error).toMatchObject({ statusCode: 404, code: 'PAYMENT_PROOF_NOT_FOUND' });
  });
});
