import { z } from 'zod';
import { HOUR_MS, MINUTE_MS } from '@kartu/core/calendar';
import { paymentMethods, type PaymentAnswer, type PaymentMethod, type PaymentProof, type PaymentProviderName, type PaymentSubjectType } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { withIdempotency, type IdempotentAnswer } from '../idempotency/idempotency.service.ts';
import { applyPaymentEvent, type PaymentLog } from './payment-events.service.ts';
import { readFailureReason } from './payment-failure-reasons.ts';
import { paymentMoved } from './payment-moved.ts';
import { findLatestProof, type PaymentProofSummary } from './payment-proofs.repository.ts';
import { paymentReturnUrl } from './payment-return.ts';
import { paymentOptionsFor, type PaymentsContext } from './payments.context.ts';
import type { BankAccount } from './manual.provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  deleteMerchantBankAccount,
  findIntent,
  insertIntent,
  moveIntent,
  recordCharge,
  saveMerchantBankAccount,
  saveMerchantPaymentSettings,
} from './payments.repository.ts';
import type { PaymentIntentRow } from './payments.table.ts';

/**
 * How long a member has to pay, by method. spec business-rules §4: a QR payment expires after a
 * time limit and then needs a new order.
 */
export const paymentWindowMs: Record<PaymentMethod, number> = {
  qris: 15 * MINUTE_MS,
  ewallet: 30 * MINUTE_MS,
  credit_card: 30 * MINUTE_MS,
  virtual_account: 24 * HOUR_MS,
  manual_transfer: 24 * HOUR_MS,
  cash_on_delivery: 7 * 24 * HOUR_MS,
};

/** What the member is shown to pay into: the same limits as the instructions' schema and the table. */
const bankAccountSchema = z.object({
  bank: z.string().trim().min(1, 'The bank name is required').max(40, 'The bank name is at most 40 characters'),
  accountNumber: z.string().regex(/^\d{5,30}$/, 'The account number is 5 to 30 digits'),
  accountName: z.string().trim().min(1, 'The account name is required').max(100, 'The account name is at most 100 characters'),
});

export function toProofAnswer(proof: PaymentProofSummary | undefined): PaymentProof | null {
  if (!proof) return null;
  return { status: proof.status, uploadedAt: proof.uploadedAt.toISOString(), note: proof.note };
}

/** The payment as its member follows it, with the latest proof of a manual transfer when there is one. */
export function toPaymentAnswer(intent: PaymentIntentRow, proof: PaymentProof | null = null): PaymentAnswer {
  return {
    id: intent.id,
    status: intent.status,
    subject: { type: intent.subjectType, id: intent.subjectId },
    amount: toJsonNumber(intent.amountMinor),
    currency: intent.currency,
    method: intent.method,
    provider: intent.provider,
    instructions: intent.instructions ?? null,
    failureReason: readFailureReason(intent.failureReason),
    expiresAt: intent.expiresAt.toISOString(),
    createdAt: intent.createdAt.toISOString(),
    updatedAt: intent.updatedAt.toISOString(),
    proof,
  };
}

const unlogged: PaymentLog = { error: () => undefined };

export interface OpenPaymentIntentOptions {
  /** May be the transaction that writes the subject: the intent commits with it. */
  db: Database;
  payments: PaymentsContext;
  merchant: { id: number };
  user: { id: string };
  subject: { type: PaymentSubjectType; id: string };
  /** Worked out by the subject's module from its own rows, never taken from a client. */
  amountMinor: bigint;
  currency: string;
  method: PaymentMethod;
  now: Date;
}

/** Writes a pending intent at the provider the merchant pays through for `method`; nothing is sent to it yet. */
export async function openPaymentIntent({ db, payments, merchant, user, subject, amountMinor, currency, method, now }: OpenPaymentIntentOptions): Promise<OpenedPayment> {
  if (amountMinor <= 0n) throw new AppError('UNPROCESSABLE', { message: 'A payment needs an amount above zero' });
  if (!/^[A-Z]{3}$/.test(currency)) throw new AppError('UNPROCESSABLE', { message: 'A payment needs an ISO 4217 currency code' });
  const { methods, providerFor } = await paymentOptionsFor(db, payments, merchant.id);
  if (!methods.includes(method)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const provider = providerFor(method);
  const intent = await insertIntent(db, {
    merchantId: merchant.id,
    userId: user.id,
    subjectType: subject.type,
    subjectId: subject.id,
    amountMinor,
    currency,
    method,
    provider: provider.name,
    expiresAt: new Date(now.getTime() + paymentWindowMs[method]),
    createdAt: now,
    updatedAt: now,
  });
  return { intent, provider };
}

/** A pending intent, with the provider that is to make its charge. */
export interface OpenedPayment {
  intent: PaymentIntentRow;
  provider: PaymentProvider;
}

export interface ChargePaymentIntentOptions extends OpenedPayment {
  /** Not a transaction: the provider is called between the intent's insert and its charge's record. */
  db: Database;
  payments: PaymentsContext;
  /** A card the provider tokenised: charged at once, without sending the member anywhere. */
  cardToken?: string;
  /**
   * The origin of the merchant's site the member pays from (memberSiteOriginOf): a provider's page
   * sends them back to the payment's page there. Absent when no member is at hand (a renewal).
   */
  returnOrigin?: string;
  now: Date;
  log?: PaymentLog;
  /** Told the provider's reusable token for the card just charged, for the subject to keep. */
  onReusableCardToken?: (token: string) => Promise<void>;
}

/**
 * Makes an open intent's charge at its provider and answers the intent as it then is. A charge the
 * provider refuses, or cannot take, fails the intent with its subject's effect (the subject gives
 * back what it held); a refusal is thrown for the member to change what they asked.
 */
export async function chargePaymentIntent(options: ChargePaymentIntentOptions): Promise<PaymentIntentRow> {
  const { db, payments, intent, provider, cardToken, returnOrigin, now, log = unlogged, onReusableCardToken } = options;
  const returnUrl = returnOrigin === undefined ? undefined : paymentReturnUrl(returnOrigin, intent.id);
  let charge;
  try {
    charge = await provider.createCharge({ intent, now, ...(cardToken !== undefined && { cardToken }), ...(returnUrl !== undefined && { returnUrl }) });
  } catch (error) {
    // The provider refused what it was asked (an amount or method it does not take): the member can change it.
    const refused = error instanceof AppError && error.statusCode < 500;
    await db.transaction(async (tx) => {
      const failed = await moveIntent(tx, { id: intent.id, from: ['pending'], to: 'failed', failureReason: refused ? 'refused_by_provider' : 'provider_unavailable', now });
      if (failed) await paymentMoved(payments.effects, { tx, intent: failed, now });
    });
    if (refused) throw error;
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: error });
  }
  // A message may have settled the intent while the charge was being made: it wins.
  let charged = (await recordCharge(db, { id: intent.id, charge, now })) ?? (await findIntent(db, { merchantId: intent.merchantId, id: intent.id }));
  if (charge.reusableCardToken) await onReusableCardToken?.(charge.reusableCardToken);
  if (charge.settled) {
    const { providerEventId, ...answer } = charge.settled;
    const event = { ...answer, providerEventId, intentId: intent.id, kind: answer.status };
    await applyPaymentEvent({ db, effects: payments.effects, provider: intent.provider, event, now, log });
    charged = await findIntent(db, { merchantId: intent.merchantId, id: intent.id });
  }
  return charged ?? intent;
}

export interface CreatePaymentIntentOptions extends Omit<OpenPaymentIntentOptions, 'db'>, Omit<ChargePaymentIntentOptions, keyof OpenedPayment> {
  idempotencyKey: string;
}

/**
 * Opens a payment for a subject at the merchant's provider and answers what the member must do
 * to pay. The same key answers the same intent; the provider is called outside any transaction.
 */
export async function createPaymentIntent(options: CreatePaymentIntentOptions): Promise<IdempotentAnswer<PaymentAnswer>> {
  const { db, merchant, user, subject, amountMinor, currency, method, idempotencyKey, now } = options;
  const body = { subject, amountMinor: amountMinor.toString(), currency, method };
  // Keyed per member: another member's key can neither replay nor block this one's payment.
  return withIdempotency({
    db,
    merchantId: merchant.id,
    scope: `payments.create:${user.id}`,
    key: idempotencyKey,
    body,
    now,
    callsOut: async () => {
      const opened = await openPaymentIntent(options);
      return { statusCode: 201, body: toPaymentAnswer(await chargePaymentIntent({ ...options, ...opened })) };
    },
  });
}

/** A payment of the member's: anyone else's, or another merchant's, is not found rather than forbidden. */
export async function findMemberIntent(db: Database, { merchantId, userId, paymentId }: { merchantId: number; userId: string; paymentId: string }): Promise<PaymentIntentRow> {
  const intent = isUuid(paymentId) ? await findIntent(db, { merchantId, id: paymentId }) : undefined;
  if (!intent || intent.userId !== userId) throw new AppError('PAYMENT_NOT_FOUND');
  return intent;
}

/**
 * Settles an open cash-on-delivery payment as its subject's module says: paid when the merchant
 * delivered and collected it, cancelled when the order did not go through. Recorded like a
 * provider's message, once; a settled payment is left as it is.
 */
export async function settleCashOnDelivery({ db, payments, paymentId, outcome, now, log = unlogged }: { db: Database; payments: PaymentsContext; paymentId: string; outcome: 'paid' | 'cancelled'; now: Date; log?: PaymentLog }): Promise<void> {
  const event = { providerEventId: `cod:${paymentId}:${outcome}`, intentId: paymentId, kind: outcome, status: outcome, amountMinor: null, currency: null, failureReason: null, payload: { settledBy: 'merchant' } };
  await applyPaymentEvent({ db, effects: payments.effects, provider: 'cash', event, now, log });
}

/** A payment of the merchant's as its member follows it, or null when there is none of that id. */
export async function findPaymentAnswer(db: Database, { merchantId, paymentId }: { merchantId: number; paymentId: string }): Promise<PaymentAnswer | null> {
  const intent = isUuid(paymentId) ? await findIntent(db, { merchantId, id: paymentId }) : undefined;
  return intent ? toPaymentAnswer(intent) : null;
}

export async function getMemberPayment({ db, merchantId, userId, paymentId }: { db: Database; merchantId: number; userId: string; paymentId: string }): Promise<PaymentAnswer> {
  const intent = await findMemberIntent(db, { merchantId, userId, paymentId });
  const proof = intent.method === 'manual_transfer' ? await findLatestProof(db, { merchantId, intentId: intent.id }) : undefined;
  return toPaymentAnswer(intent, toProofAnswer(proof));
}


/**
 * Where the member follows one of their payments in the app: the page of what it pays for, or the
 * wallet when its module names none. A provider's page sends the member back through here.
 */
export async function getMemberPaymentPath(options: { db: Database; payments: PaymentsContext; merchantId: number; userId: string; paymentId: string }): Promise<{ path: string }> {
  const { db, payments, merchantId, userId, paymentId } = options;
  const intent = await findMemberIntent(db, { merchantId, userId, paymentId });
  const page = await payments.effects[intent.subjectType]?.memberPage?.({ db, intent });
  return { path: page?.path ?? '/cards' };
}

/** Which provider a merchant's members pay through and by which methods (the operator CLI sets it). */
export async function setMerchantPaymentSettings({
  db,
  payments,
  merchantId,
  provider,
  methods,
  now,
}: {
  db: Database;
  payments: PaymentsContext;
  merchantId: number;
  provider: PaymentProviderName;
  methods: PaymentMethod[];
  now: Date;
}): Promise<void> {
  // A transfer into the merchant's own account is set with its bank account, beside a provider.
  if (provider === 'manual') throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { message: 'Manual transfers need a bank account, not a provider: see `kartu merchants bank-account`' });
  if (provider === 'cash') throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { message: 'Cash on delivery is a method: list cash_on_delivery beside a provider' });
  const taken = payments.providers.get(provider);
  if (!taken) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { message: `${provider} has no keys on this deployment (see the README's configuration)` });
  const unknown = methods.filter((method) => method !== 'cash_on_delivery' && taken.methods && !taken.methods.includes(method));
  if (unknown.length > 0 || methods.length === 0) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', { message: `${provider} takes ${(taken.methods ?? paymentMethods).join(', ')}` });
  await saveMerchantPaymentSettings(db, { merchantId, provider, methods: [...new Set(methods)], updatedAt: now });
}

/**
 * The merchant's own bank account for manual transfers (the operator CLI sets it), or null to stop
 * taking them. Payments opened before keep the account they were given.
 */
export async function setMerchantBankAccount({ db, merchantId, account, now }: { db: Database; merchantId: number; account: BankAccount | null; now: Date }): Promise<void> {
  if (!account) {
    await deleteMerchantBankAccount(db, merchantId);
    return;
  }
  const parsed = bankAccountSchema.safeParse(account);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { message: parsed.error.issues.map((issue) => issue.message).join('; ') });
  await saveMerchantBankAccount(db, { merchantId, ...parsed.data, updatedAt: now });
}
