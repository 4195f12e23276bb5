import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PaymentProofStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { paymentProofs, type PaymentProofRow } from './payments.table.ts';

/** A proof without its bytes: what answers about a payment show. */
export type PaymentProofSummary = Omit<PaymentProofRow, 'bytes'>;

const summaryColumns = {
  id: paymentProofs.id,
  intentId: paymentProofs.intentId,
  merchantId: paymentProofs.merchantId,
  status: paymentProofs.status,
  note: paymentProofs.note,
  contentType: paymentProofs.contentType,
  byteLength: paymentProofs.byteLength,
  uploadedAt: paymentProofs.uploadedAt,
  reviewedAt: paymentProofs.reviewedAt,
};

/** The intent's latest proof (the one that counts), without its bytes. */
export async function findLatestProof(db: Database, { merchantId, intentId }: { merchantId: number; intentId: string }): Promise<PaymentProofSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(paymentProofs)
    .where(and(eq(paymentProofs.intentId, intentId), eq(paymentProofs.merchantId, merchantId)))
    .orderBy(desc(paymentProofs.uploadedAt), desc(paymentProofs.id))
    .limit(1);
  return row;
}

export async function findLatestProofFile(db: Database, { merchantId, intentId }: { merchantId: number; intentId: string }): Promise<PaymentProofRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentProofs)
    .where(and(eq(paymentProofs.intentId, intentId), eq(paymentProofs.merchantId, merchantId)))
    .orderBy(desc(paymentProofs.uploadedAt), desc(paymentProofs.id))
    .limit(1);
  return row;
}

/** Removes the intent's proofs still waiting for review: a new upload replaces them. */
export async function deleteSubmittedProofs(db: Database, intentId: string): Promise<void> {
  await db.delete(paymentProofs).where(and(eq(paymentProofs.intentId, intentId), eq(paymentProofs.status, 'submitted')));
}

export async function insertProof(db: Database, values: typeof paymentProofs.$inferInsert): Promise<PaymentProofSummary> {
  const [row] = await db.insert(paymentProofs).values(values).returning(summaryColumns);
  if (!row) throw new Error('The payment proof was not inserted');
  return row;
}

/** Records the merchant's decision on a proof still waiting for it; undefined when it was reviewed already. */
export async function reviewProof(
  db: Database,
  { id, status, note, now }: { id: string; status: Exclude<PaymentProofStatus, 'submitted'>; note: string | null; now: Date },
): Promise<PaymentProofSummary | undefined> {
  const [row] = await db
    .update(paymentProofs)
    .set({ status, note, reviewedAt: now })
    .where(and(eq(paymentProofs.id, id), inArray(paymentProofs.status, ['submitted'])))
    .returning(summaryColumns);
  return row;
}
