import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@kartu/core/calendar';
import type { PaymentAnswer } from '@kartu/contracts';
import { type TestMember } from '../../../test/members.ts';
import { type TestApp } from '../../../test/test-app.ts';
import type { PaymentProvider } from '../payment-provider.ts';
import type { PaymentsContext } from '../payments.context.ts';
import { findIntent, findIntentEvents, findMerchantIntents } from '../payments.repository.ts';
import { openPayment } from '../payments.test-support.ts';
import type { PaymentIntentRow } from '../payments.table.ts';
import { type FakeInvoice, type FakeInvoiceStatus, type FakeXendit, type XenditCallback } from './xendit.fake.ts';
import { xenditCallbackTokenHeader, xenditProvider } from './xendit.provider.ts';
import { returnOrigin, useXenditTestApp, xenditCallbackToken as callbackToken, xenditSecretKey as secretKey } from './xendit.test-support.ts';

let testApp: TestApp;
let fake: FakeXendit;
let provider: PaymentProvider;
let payments: PaymentsContext;
let member: TestMember;

useXenditTestApp((made) => ({ testApp, fake, provider, payments, member } = made));

function payByEwallet({ context = payments, subjectId }: { context?: PaymentsContext; subjectId?: string } = {}) {
  return openPayment(testApp, { member, payments: context, method: 'ewallet', returnOrigin, ...(subjectId !== undefined && { subjectId }) });
}

async function intentOf(payment: Pick<PaymentAnswer, 'id'>): Promise<PaymentIntentRow> {
  const intent = await findIntent(testApp.db, { merchantId: member.user.merchantId, id: payment.id });
  if (!intent) throw new Error(`No intent ${payment.id}`);
  return intent;
}

/** An e-wallet payment waiting on its invoice at Xendit, and the invoice. */
async function invoicedPayment(): Promise<{ payment: PaymentAnswer; invoice: FakeInvoice }> {
  const { body: payment } = await payByEwallet();
  const invoice = fake.invoiceByExternalId(payment.id);
  if (!invoice) throw new Error('The fake holds no invoice for the payment');
  return { payment, invoice };
}

async function deliver(callback: XenditCallback) {
  const answer = await fake.deliver(callback);
  return { statusCode: answer.statusCode, body: JSON.parse(answer.body) as unknown };
}

describe('an e-wallet payment through a Xendit invoice', () => {
  it('opens an invoice of the e-wallets for the intent, as long as the intent lasts, and sends the member to its page', async () => {
    const { payment, invoice } = await invoicedPayment();
    expect(payment).toMatchObject({ status: 'waiting_payment', instructions: { kind: 'redirect', url: invoice.invoiceUrl } });
    expect(invoice).toMatchObject({
      externalId: payment.id,
      amount: 150_000,
      currency: 'IDR',
      status: 'PENDING',
      paymentMethods: ['OVO', 'DANA', 'SHOPEEPAY', 'LINKAJA', 'ASTRAPAY'],
      invoiceDuration: 30 * 60,
      successRedirectUrl: `${returnOrigin}/payments/${payment.id}`,
      failureRedirectUrl: `${returnOrigin}/payments/${payment.id}`,
    });
    expect((await intentOf(payment)).providerReference).toBe(invoice.id);
    const call = fake.received.find((received) => received.method === 'POST' && received.url === '/v2/invoices' && JSON.parse(received.body).external_id === payment.id);
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`);
    // No payment request was made for it.
    expect(fake.byReference(payment.id)).toBeUndefined();
  });

  it('offers the e-wallets the deployment names, and sends every member to one e-wallet through a payment request when it names one', async () => {
    const few = xenditProvider({ secretKey, callbackToken, baseUrl: fake.baseUrl, invoiceEwallets: ['OVO'] });
    const { body: offered } = await payByEwallet({ context: { ...payments, providers: new Map([['xendit', few]]) } });
    expect(fake.invoiceByExternalId(offered.id)?.paymentMethods).toEqual(['OVO']);

    const dana = xenditProvider({ secretKey, callbackToken, baseUrl: fake.baseUrl, ewalletChannel: 'DANA' });
    const { body: direct } = await payByEwallet({ context: { ...payments, providers: new Map([['xendit', dana]]) } });
    const request = fake.byReference(direct.id);
    expect(request?.paymentMethod).toMatchObject({ type: 'EWALLET', ewallet: { channel_code: 'DANA', channel_properties: { success_return_url: `${returnOrigin}/payments/${direct.id}` } } });
    expect(direct.instructions).toEqual({ kind: 'redirect', url: `${fake.baseUrl}/ewallet/${request?.id}` });
    expect(fake.invoiceByExternalId(direct.id)).toBeUndefined();
  });

  it('answers 503 and fails the intent when Xendit does not make the invoice in time', async () => {
    const impatient = xenditProvider({ secretKey, callbackToken, baseUrl: fake.baseUrl, timeoutMs: 200 });
    fake.nextCreate({ hang: true });
    const subjectId = `order-${randomUUID()}`;
    await expect(payByEwallet({ context: { ...payments, providers: new Map([['xendit', impatient]]) }, subjectId })).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 503 });
    const intents = await findMerchantIntents(testApp.db, { merchantId: member.user.merchantId, limit: 1_000 });
    expect(intents.filter((intent) => intent.subjectId === subjectId).map((intent) => [intent.status, intent.failureReason])).toEqual([['failed', 'provider_unavailable']]);
  });
});

describe('Xendit invoice callbacks through POST /webhooks/payments/xendit', () => {
  it('applies a paid invoice once: its second delivery and the later settled one are duplicates', async () => {
    const { payment, invoice } = await invoicedPayment();
    fake.setInvoiceStatus(invoice.id, 'PAID', 'SHOPEEPAY');
    const paid = fake.invoiceCallbackFor(invoice.id);
    expect(await deliver(paid)).toEqual({ statusCode: 200, body: { outcome: 'applied' } });
    expect(await deliver(paid)).toEqual({ statusCode: 200, body: { outcome: 'duplicate' } });
    fake.setInvoiceStatus(invoice.id, 'SETTLED', 'SHOPEEPAY');
    expect(await deliver(fake.invoiceCallbackFor(invoice.id))).toEqual({ statusCode: 200, body: { outcome: 'duplicate' } });
    expect((await intentOf(payment)).status).toBe('paid');
    const events = await findIntentEvents(testApp.db, payment.id);
    expect(events.map((event) => [event.providerEventId, event.kind, event.outcome])).toEqual([[`invoice:${invoice.id}:paid`, 'paid', 'applied']]);
    expect(events[0]?.payload).toMatchObject({ message: { id: invoice.id, external_id: payment.id, status: 'PAID', payment_channel: 'SHOPEEPAY' } });
  });

  it('expires the intent when its invoice expired', async () => {
    const { payment, invoice } = await invoicedPayment();
    fake.setInvoiceStatus(invoice.id, 'EXPIRED');
    expect(await deliver(fake.invoiceCallbackFor(invoice.id))).toEqual({ statusCode: 200, body: { outcome: 'applied' } });
    expect((await intentOf(payment)).status).toBe('expired');
  });

  it('answers 401 to a forged or missing callback token, and changes nothing', async () => {
    const { payment, invoice } = await invoicedPayment();
    fake.setInvoiceStatus(invoice.id, 'PAID');
    const forged = fake.invoiceCallbackFor(invoice.id, { token: 'x'.repeat(callbackToken.length) });
    const { [xenditCallbackTokenHeader]: _token, ...unsigned } = fake.invoiceCallbackFor(invoice.id).headers;
    for (const callback of [forged, { body: forged.body, headers: unsigned }]) {
      expect(await deliver(callback)).toMatchObject({ statusCode: 401, body: { code: 'PAYMENT_SIGNATURE_INVALID' } });
    }
    expect((await intentOf(payment)).status).toBe('waiting_payment');
    expect(await findIntentEvents(testApp.db, payment.id)).toEqual([]);
  });

  it('refuses a paid invoice of another amount, and ignores a pending invoice or one that is not for our payments', async () => {
    const { payment, invoice } = await invoicedPayment();
    fake.setInvoiceStatus(invoice.id, 'PAID');
    expect(await deliver(fake.invoiceCallbackFor(invoice.id, { amount: 1_000 }))).toEqual({ statusCode: 200, body: { outcome: 'refused' } });
    expect((await intentOf(payment)).status).toBe('waiting_payment');

    const pending = await invoicedPayment();
    expect(await deliver(fake.invoiceCallbackFor(pending.invoice.id))).toEqual({ statusCode: 200, body: { outcome: 'ignored' } });
    const { headers } = fake.invoiceCallbackFor(pending.invoice.id);
    const notOurs = JSON.stringify({ id: 'inv-1', external_id: 'invoice-2024-0001', status: 'PAID', amount: 150_000, paid_amount: 150_000, currency: 'IDR' });
    expect(await deliver({ body: notOurs, headers })).toEqual({ statusCode: 200, body: { outcome: 'ignored' } });
    expect(await deliver({ body: JSON.stringify({ external_id: pending.payment.id }), headers })).toMatchObject({ statusCode: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});

describe('asking Xendit about an invoice', () => {
  it.each([
    ['PENDING', 'waiting_payment'],
    ['PAID', 'paid'],
    ['SETTLED', 'paid'],
    ['EXPIRED', 'expired'],
  ] as const)('reads an invoice %s as %s', async (invoiceStatus: FakeInvoiceStatus, status) => {
    const { payment, invoice } = await invoicedPayment();
    fake.setInvoiceStatus(invoice.id, invoiceStatus);
    expect(await provider.queryStatus({ intent: await intentOf(payment), now: testApp.clock.now() })).toMatchObject({ status, amountMinor: 150_000n, currency: 'IDR', failureReason: null });
    expect(fake.received.at(-1)).toMatchObject({ method: 'GET', url: `/v2/invoices/${invoice.id}` });
  });

  it('finds the invoice by the intent id when its charge was never recorded, and expires an intent Xendit never saw once its time is up', async () => {
    const { payment, invoice } = await invoicedPayment();
    const intent = await intentOf(payment);
    fake.setInvoiceStatus(invoice.id, 'PAID');
    expect((await provider.queryStatus({ intent: { ...intent, providerReference: null }, now: testApp.clock.now() })).status).toBe('paid');
    expect(fake.received.at(-1)).toMatchObject({ method: 'GET', url: `/v2/invoices?external_id=${payment.id}` });
    const unknown = { ...intent, id: randomUUID(), providerReference: null };
    expect((await provider.queryStatus({ intent: unknown, now: testApp.clock.now() })).status).toBe('waiting_payment');
    expect((await provider.queryStatus({ intent: unknown, now: new Date(intent.expiresAt.getTime() + MINUTE_MS) })).status).toBe('expired');
  });
});
