import type { IntegrationPaymentAnswer, PaymentAnswer, PaymentProofReviewBody } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { fitImage } from '../media/image-variants.ts';
import { applyPaymentEvent, type PaymentLog } from './payment-events.service.ts';
import { deleteSubmittedProofs, findLatestProof, findLatestProofFile, insertProof, reviewProof, type PaymentProofSummary } from './payment-proofs.repository.ts';
import type { PaymentsContext } from './payments.context.ts';
import { findIntent, findIntentsAwaitingReview, lockIntent } from './payments.repository.ts';
import { findMemberIntent, toPaymentAnswer, toProofAnswer } from './payments.service.ts';
import type { PaymentIntentRow } from './payments.table.ts';

/** A receipt stays readable at this size (a phone screenshot is about 1200 × 2600) and weighs a few hundred KB. */
const proofMaxSide = 2000;

/** Whether the member may send a proof now: a transfer into the merchant's account still waiting to be paid. */
function takesProof(intent: PaymentIntentRow, now: Date): boolean {
  return intent.provider === 'manual' && intent.method === 'manual_transfer' && intent.status === 'waiting_payment' && intent.expiresAt.getTime() > now.getTime();
}

export interface UploadPaymentProofOptions {
  db: Database;
  merchantId: number;
  userId: string;
  paymentId: string;
  /** The image as uploaded: JPEG, PNG or WebP, checked and re-encoded here. */
  bytes: Buffer;
  now: Date;
}

/**
 * The member's proof of a manual transfer, kept for the merchant to review. A proof still waiting
 * for review is replaced; a rejected one stays, with its note, under the new one.
 */
export async function uploadPaymentProof({ db, merchantId, userId, paymentId, bytes, now }: UploadPaymentProofOptions): Promise<PaymentAnswer> {
  const intent = await findMemberIntent(db, { merchantId, userId, paymentId });
  if (!takesProof(intent, now)) throw new AppError('PAYMENT_PROOF_NOT_ACCEPTED');
  // Re-encoded before the transaction opens: decoding takes a while and needs no database.
  const image = await fitImage({ bytes, maxSide: proofMaxSide });
  return db.transaction(async (tx) => {
    const locked = await lockIntent(tx, intent.id);
    if (!locked || !takesProof(locked, now)) throw new AppError('PAYMENT_PROOF_NOT_ACCEPTED');
    await deleteSubmittedProofs(tx, intent.id);
    const proof = await insertProof(tx, {
      intentId: intent.id,
      merchantId,
      contentType: image.contentType,
      bytes: image.bytes,
      byteLength: image.bytes.length,
      uploadedAt: now,
    });
    return toPaymentAnswer(locked, toProofAnswer(proof));
  });
}

async function merchantIntent(db: Database, { merchantId, paymentId }: { merchantId: number; paymentId: string }): Promise<PaymentIntentRow> {
  const intent = isUuid(paymentId) ? await findIntent(db, { merchantId, id: paymentId }) : undefined;
  if (!intent) throw new AppError('PAYMENT_NOT_FOUND');
  return intent;
}

function toIntegrationAnswer(intent: PaymentIntentRow, proof: PaymentProofSummary | undefined): IntegrationPaymentAnswer {
  return {
    id: intent.id,
    status: intent.status,
    amount: toJsonNumber(intent.amountMinor),
    currency: intent.currency,
    method: intent.method,
    subject: { type: intent.subjectType, id: intent.subjectId },
    expiresAt: intent.expiresAt.toISOString(),
    proof: proof ? { id: proof.id, status: proof.status, uploadedAt: proof.uploadedAt.toISOString(), note: proof.note, reviewedAt: proof.reviewedAt?.toISOString() ?? null } : null,
  };
}

/** One of the merchant's payments as it reviews it; another merchant's is not found. */
export async function getMerchantPayment({ db, merchantId, paymentId }: { db: Database; merchantId: number; paymentId: string }): Promise<IntegrationPaymentAnswer> {
  const intent = await merchantIntent(db, { merchantId, paymentId });
  return toIntegrationAnswer(intent, await findLatestProof(db, { merchantId, intentId: intent.id }));
}

/** The merchant's manual transfers waiting for its review (at most 100, oldest proof first). */
export async function listPaymentsAwaitingReview({ db, merchantId }: { db: Database; merchantId: number }): Promise<{ data: IntegrationPaymentAnswer[] }> {
  const intents = await findIntentsAwaitingReview(db, { merchantId, limit: 100 });
  const data = await Promise.all(intents.map(async (intent) => toIntegrationAnswer(intent, await findLatestProof(db, { merchantId, intentId: intent.id }))));
  return { data };
}

export async function getPaymentProofFile({ db, merchantId, paymentId }: { db: Database; merchantId: number; paymentId: string }): Promise<{ contentType: string; bytes: Buffer }> {
  const intent = await merchantIntent(db, { merchantId, paymentId });
  const proof = await findLatestProofFile(db, { merchantId, intentId: intent.id });
  if (!proof) throw new AppError('PAYMENT_PROOF_NOT_FOUND');
  return { contentType: proof.contentType, bytes: proof.bytes };
}

export interface ReviewPaymentProofOptions extends PaymentProofReviewBody {
  /** The transaction that also stores the review's answer for its Idempotency-Key. */
  tx: Database;
  payments: PaymentsContext;
  merchantId: number;
  paymentId: string;
  now: Date;
  log: PaymentLog;
}

/**
 * The merchant's decision on the latest proof of a manual transfer. Accepting settles the payment
 * as a message of the manual provider would (the subject's effect runs in this transaction);
 * rejecting keeps it waiting, with the note for the member, who may upload again until it expires.
 */
export async function reviewPaymentProof({ tx, payments, merchantId, paymentId, decision, note, now, log }: ReviewPaymentProofOptions): Promise<IntegrationPaymentAnswer> {
  const found = await merchantIntent(tx, { merchantId, paymentId });
  // Locked first, so a new upload cannot replace the proof while it is reviewed.
  const intent = (await lockIntent(tx, found.id)) ?? found;
  const proof = await findLatestProof(tx, { merchantId, intentId: intent.id });
  if (!proof) throw new AppError('PAYMENT_PROOF_NOT_FOUND');
  if (proof.status !== 'submitted') throw new AppError('CONFLICT', { message: `This proof was ${proof.status} already` });
  if (intent.provider !== 'manual' || intent.status !== 'waiting_payment') {
    throw new AppError('CONFLICT', { message: `This payment is ${intent.status}: its proof can no longer be reviewed` });
  }
  if (decision === 'accept') {
    const event = {
      providerEventId: `review:${proof.id}`,
      intentId: intent.id,
      kind: 'paid',
      status: 'paid' as const,
      amountMinor: intent.amountMinor,
      currency: intent.currency,
      failureReason: null,
      payload: { proofId: proof.id, decision, note: note ?? null },
    };
    const { outcome } = await applyPaymentEvent({ db: tx, effects: payments.effects, provider: 'manual', event, now, log });
    if (outcome !== 'applied') throw new AppError('CONFLICT', { message: 'This payment could not be settled' });
  }
  const reviewed = await reviewProof(tx, { id: proof.id, status: decision === 'accept' ? 'accepted' : 'rejected', note: note ?? null, now });
  const after = await findIntent(tx, { merchantId, id: intent.id });
  return toIntegrationAnswer(after ?? intent, reviewed ?? proof);
}
