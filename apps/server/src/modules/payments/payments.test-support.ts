import { randomUUID } from 'node:crypto';
import type { PaymentAnswer, PaymentMethod } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { TestMember } from '../../test/members.ts';
import type { PaymentEffects } from './payment-effects.ts';
import { paymentsContextFor, type PaymentsContext } from './payments.context.ts';
import { createPaymentIntent } from './payments.service.ts';
import { sandboxSignatureHeader, signSandboxMessage } from './sandbox.provider.ts';

export const sandboxSecret = 'sandbox-secret-for-tests-0123456789abcdef';

/** The app with a known sandbox key, so tests can sign (and forge) the sandbox's messages. */
export function createPaymentsTestApp({ logStream }: { logStream?: { write(line: string): void } } = {}): Promise<TestApp> {
  return createTestApp({ env: { PAYMENTS_SANDBOX_SECRET: sandboxSecret, ...(logStream && { LOG_LEVEL: 'error' }) }, ...(logStream && { logStream }) });
}

/** The same providers as the app's, with the effects a test wants. */
export function testPayments(effects: PaymentEffects = {}): PaymentsContext {
  return paymentsContextFor({ production: false, sandboxSecret, effects });
}

export interface OpenPaymentOptions {
  member: TestMember;
  payments: PaymentsContext;
  method: PaymentMethod;
  amountMinor?: bigint;
  subjectType?: 'subscription' | 'order';
  subjectId?: string;
  cardToken?: string;
  /** The origin of the site the member pays from, which a provider's page sends them back to. */
  returnOrigin?: string;
}

/** A payment of the member's opened at `payments`' provider, as a subject's module opens one. */
export function openPayment(testApp: TestApp, options: OpenPaymentOptions) {
  const { member, payments, method, amountMinor = 150_000n, subjectType = 'order', subjectId = `subject-${randomUUID()}`, cardToken, returnOrigin } = options;
  return createPaymentIntent({
    db: testApp.db,
    payments,
    merchant: { id: member.user.merchantId },
    user: { id: member.userId },
    subject: { type: subjectType, id: subjectId },
    amountMinor,
    currency: 'IDR',
    method,
    idempotencyKey: randomUUID(),
    now: testApp.clock.now(),
    ...(cardToken !== undefined && { cardToken }),
    ...(returnOrigin !== undefined && { returnOrigin }),
  });
}

export type NewPaymentOptions = Omit<OpenPaymentOptions, 'payments' | 'method'> & { payments?: PaymentsContext; method?: PaymentMethod };

/** A payment of the member's at the sandbox, waiting to be paid. */
export async function newPayment(testApp: TestApp, { payments = testPayments(), method = 'virtual_account', ...options }: NewPaymentOptions): Promise<PaymentAnswer> {
  return (await openPayment(testApp, { payments, method, ...options })).body;
}

export interface SandboxMessageFields {
  id?: string;
  intentId: string;
  status: string;
  amountMinor: string;
  currency?: string;
  failureReason?: string | null;
}

/** A sandbox message's body and headers, signed with `secret` (the app's unless a test forges one). */
export function sandboxMessage(fields: SandboxMessageFields, secret = sandboxSecret) {
  const body = JSON.stringify({ id: `evt_${randomUUID()}`, currency: 'IDR', ...fields });
  return { body, headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signSandboxMessage(secret, body) } };
}

/** Delivers a sandbox message to the app's webhook. */
export function deliver(testApp: TestApp, message: { body: string; headers: Record<string, string> }, provider = 'sandbox') {
  return testApp.app.inject({ method: 'POST', url: `/webhooks/payments/${provider}`, payload: message.body, headers: message.headers });
}


/** The member uploads `bytes` as the proof of a manual transfer. */
export function uploadProof(testApp: TestApp, { member, paymentId, bytes, contentType = 'image/png' }: { member: TestMember; paymentId: string; bytes: Buffer | string; contentType?: string }) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/payments/${paymentId}/proof`,
    headers: { host: 'localhost', authorization: `Bearer ${member.token}`, 'content-type': contentType },
    payload: bytes,
  });
}
