import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOUR_MS } from '@kartu/core/calendar';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import { paymentAnswerSchema } from '@kartu/contracts';
import sharp from 'sharp';
import { kopiSenjaBankAccount } from '../../seed/seed-subscriptions.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { merchantIdOf, type TestApp } from '../../test/test-app.ts';
import { testPicture } from '../media/media.test-support.ts';
import { reconcilePayments } from './payment-reconciliation.service.ts';
import { paymentOptionsFor } from './payments.context.ts';
import { paymentProofs } from './payments.table.ts';
import { setMerchantPaymentSettings } from './payments.service.ts';
import { createPaymentsTestApp, deliver, newPayment, sandboxMessage, testPayments, uploadProof } from './payments.test-support.ts';

let testApp: TestApp;
let member: TestMember;
let picture: Buffer;
const unlogged = { error: () => undefined };

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  member = await newMember(testApp);
  picture = await testPicture({ width: 800, height: 1200, format: 'jpeg' });
});
afterAll(async () => {
  await testApp.close();
});

function follow(paymentId: string, who: TestMember = member) {
  return testApp.app.inject({ method: 'GET', url: `/api/v2/payments/${paymentId}`, headers: { host: 'localhost', authorization: `Bearer ${who.token}` } });
}

const manualPayment = () => newPayment(testApp, { member, method: 'manual_transfer' });

describe('manual transfers into the merchant\'s bank account', () => {
  it("routes manual transfers to the merchant's account and every other method to its provider", async () => {
    const options = await paymentOptionsFor(testApp.db, testPayments(), member.user.merchantId);
    expect(options.methods).toContain('manual_transfer');
    expect(options.provider.name).toBe('sandbox');
    expect(options.providerFor('manual_transfer').name).toBe('manual');
    expect(options.providerFor('qris').name).toBe('sandbox');

    const payment = await manualPayment();
    expect(payment).toMatchObject({ provider: 'manual', status: 'waiting_payment', proof: null, instructions: { kind: 'manual_transfer', ...kopiSenjaBankAccount } });
    expect(await newPayment(testApp, { member, method: 'qris' })).toMatchObject({ provider: 'sandbox' });
  });

  it('keeps the sandbox making up transfer instructions for a merchant without a bank account', async () => {
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    const options = await paymentOptionsFor(testApp.db, testPayments(), lumina);
    expect(options.providerFor('manual_transfer').name).toBe('sandbox');
    expect(options.methods).toContain('manual_transfer');
  });

  it('has no webhook, and expires a transfer nobody accepted once its time is up', async () => {
    const payment = await manualPayment();
    const message = sandboxMessage({ intentId: payment.id, status: 'paid', amountMinor: '150000' });
    expect((await deliver(testApp, message, 'manual')).statusCode).toBe(404);

    const now = testApp.clock.now();
    await reconcilePayments({ db: testApp.db, payments: testPayments(), now: new Date(now.getTime() + HOUR_MS), log: unlogged });
    expect(paymentAnswerSchema.parse((await follow(payment.id)).json()).status).toBe('waiting_payment');
    await reconcilePayments({ db: testApp.db, payments: testPayments(), now: new Date(now.getTime() + 25 * HOUR_MS), log: unlogged });
    expect(paymentAnswerSchema.parse((await follow(payment.id)).json()).status).toBe('expired');
    expect((await uploadProof(testApp, { member, paymentId: payment.id, bytes: picture, contentType: 'image/jpeg' })).json()).toMatchObject({ code: 'PAYMENT_PROOF_NOT_ACCEPTED' });
  });

  it("takes transfers only when the merchant's settings name them, once it has settings", async () => {
    const payments = testPayments();
    const merchantId = member.user.merchantId;
    const now = testApp.clock.now();
    await setMerchantPaymentSettings({ db: testApp.db, payments, merchantId, provider: 'sandbox', methods: ['qris'], now });
    expect((await paymentOptionsFor(testApp.db, payments, merchantId)).methods).toEqual(['qris']);
    await setMerchantPaymentSettings({ db: testApp.db, payments, merchantId, provider: 'sandbox', methods: ['qris', 'manual_transfer'], now });
    const options = await paymentOptionsFor(testApp.db, payments, merchantId);
    expect(options.methods).toEqual(['qris', 'manual_transfer']);
    expect(options.providerFor('manual_transfer').name).toBe('manual');
    await expect(setMerchantPaymentSettings({ db: testApp.db, payments, merchantId, provider: 'manual', methods: ['manual_transfer'], now })).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    await setMerchantPaymentSettings({ db: testApp.db, payments, merchantId, provider: 'sandbox', methods: ['qris', 'virtual_account', 'manual_transfer'], now });
  });
});

describe('POST /api/v2/payments/{id}/proof', () => {
  it('keeps the proof re-encoded, and the member follows it on the payment', async () => {
    const payment = await manualPayment();
    const response = await uploadProof(testApp, { member, paymentId: payment.id, bytes: picture, contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    const uploadedAt = testApp.clock.now().toISOString();
    expect(paymentAnswerSchema.parse(response.json()).proof).toEqual({ status: 'submitted', uploadedAt, note: null });
    expect(paymentAnswerSchema.parse((await follow(payment.id)).json())).toMatchObject({ status: 'waiting_payment', proof: { status: 'submitted', uploadedAt, note: null } });

    const [stored] = await testApp.db.select().from(paymentProofs).where(eq(paymentProofs.intentId, payment.id));
    expect(stored?.contentType).toBe('image/webp');
    expect(await sharp(stored?.bytes).metadata()).toMatchObject({ format: 'webp', width: 800, height: 1200 });
  });

  it('replaces a proof still waiting for review', async () => {
    const payment = await manualPayment();
    await uploadProof(testApp, { member, paymentId: payment.id, bytes: picture, contentType: 'image/jpeg' });
    testApp.clock.advance(60_000);
    const png = await testPicture({ width: 3000, height: 1000, format: 'png' });
    expect((await uploadProof(testApp, { member, paymentId: payment.id, bytes: png, contentType: 'image/png' })).statusCode).toBe(201);
    const rows = await testApp.db.select().from(paymentProofs).where(eq(paymentProofs.intentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.uploadedAt.toISOString()).toBe(testApp.clock.now().toISOString());
    // Shrunk to fit 2000 px on its longer side, its shape kept.
    expect(await sharp(rows[0]?.bytes).metadata()).toMatchObject({ width: 2000, height: 667 });
  });

  it("is not found for another member's payment or an unknown one", async () => {
    const payment = await manualPayment();
    const other = await newMember(testApp);
    expect((await uploadProof(testApp, { member: other, paymentId: payment.id, bytes: picture })).json()).toMatchObject({ statusCode: 404, code: 'PAYMENT_NOT_FOUND' });
    expect((await uploadProof(testApp, { member, paymentId: '5eed0000-0000-4000-8000-00000000dead', bytes: picture })).statusCode).toBe(404);
    const anonymous = await testApp.app.inject({ method: 'POST', url: `/api/v2/payments/${payment.id}/proof`, headers: { host: 'localhost', 'content-type': 'image/png' }, payload: picture });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a proof for a payment by another method', async () => {
    const card = await newPayment(testApp, { member, method: 'virtual_account' });
    expect((await uploadProof(testApp, { member, paymentId: card.id, bytes: picture })).json()).toMatchObject({ statusCode: 409, code: 'PAYMENT_PROOF_NOT_ACCEPTED' });
  });

  it('refuses what is not an image, or is too large, and writes nothing', async () => {
    const payment = await manualPayment();
    const text = await uploadProof(testApp, { member, paymentId: payment.id, bytes: 'not a picture at all', contentType: 'image/png' });
    expect(text.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const json = await testApp.app.inject({
      method: 'POST',
      url: `/api/v2/payments/${payment.id}/proof`,
      headers: { host: 'localhost', authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const gif = await uploadProof(testApp, { member, paymentId: payment.id, bytes: await testPicture({ width: 100, height: 100, format: 'gif' }), contentType: 'image/gif' });
    expect(gif.statusCode).toBe(415);
    const huge = await uploadProof(testApp, { member, paymentId: payment.id, bytes: Buffer.alloc(IMAGE_MAX_BYTES + 1, 1), contentType: 'image/jpeg' });
    expect(huge.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(await testApp.db.select().from(paymentProofs).where(eq(paymentProofs.intentId, payment.id))).toEqual([]);
  });
});
