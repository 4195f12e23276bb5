import type { z } from 'zod';
import type { sandboxPaymentAnswerSchema, sandboxPaymentListSchema } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { receivePaymentWebhook, type PaymentLog } from './payment-events.service.ts';
import type { PaymentsContext } from './payments.context.ts';
import { findIntent, findMerchantIntents } from './payments.repository.ts';
import { toPaymentAnswer } from './payments.service.ts';
import type { SandboxAction } from './sandbox.provider.ts';

type SandboxPaymentAnswer = z.infer<typeof sandboxPaymentAnswerSchema>;
type SandboxPaymentList = z.infer<typeof sandboxPaymentListSchema>;

function sandboxOf(payments: PaymentsContext) {
  if (!payments.sandbox) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  return payments.sandbox;
}

/** The merchant's latest payments, newest first, for the development page. */
export async function listSandboxPayments({ db, merchantId }: { db: Database; merchantId: number }): Promise<SandboxPaymentList> {
  const rows = await findMerchantIntents(db, { merchantId, limit: 50 });
  return { data: rows.map((row) => ({ ...toPaymentAnswer(row), userId: row.userId })) };
}

export interface SimulateSandboxPaymentOptions {
  db: Database;
  payments: PaymentsContext;
  merchantId: number;
  paymentId: string;
  action: SandboxAction;
  now: Date;
  log: PaymentLog;
}

/**
 * Plays what the member did at the sandbox (paid, failed, let it expire): the sandbox's signed
 * message goes through the same webhook code as a real provider's.
 */
export async function simulateSandboxPayment({ db, payments, merchantId, paymentId, action, now, log }: SimulateSandboxPaymentOptions): Promise<SandboxPaymentAnswer> {
  const sandbox = sandboxOf(payments);
  const intent = isUuid(paymentId) ? await findIntent(db, { merchantId, id: paymentId }) : undefined;
  if (!intent || intent.provider !== sandbox.name) throw new AppError('PAYMENT_NOT_FOUND');
  const { rawBody, headers } = sandbox.messageFor(intent, action);
  const { outcome } = await receivePaymentWebhook({ db, payments, provider: sandbox.name, rawBody, headers, now, log });
  const after = await findIntent(db, { merchantId, id: paymentId });
  return { outcome, payment: toPaymentAnswer(after ?? intent) };
}
