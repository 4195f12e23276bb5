import { paymentAnswerSchema, type PaymentAnswer } from '@kartu/contracts';

/** The payment of the page tests: a virtual account payment of a subscription, waiting; override what a test is about. */
export const testPaymentId = '0b7c9e2a-4d1f-4c3e-8a5b-6f7e8d9c0a1b';

export function paymentFixture(overrides: Partial<PaymentAnswer> = {}): PaymentAnswer {
  return paymentAnswerSchema.parse({
    id: testPaymentId,
    status: 'waiting_payment',
    subject: { type: 'subscription', id: 'sub-1' },
    amount: 150000,
    currency: 'IDR',
    method: 'virtual_account',
    provider: 'sandbox',
    instructions: { kind: 'virtual_account', bank: 'SANDBOX', accountNumber: '8808123456789012' },
    failureReason: null,
    expiresAt: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    proof: null,
    ...overrides,
  });
}
