import { and, asc, desc, eq, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import type { PaymentProviderName, PaymentStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import type { PaymentCharge } from './payment-provider.ts';
import { openPaymentStatuses } from './payment-status.ts';
import {
  merchantBankAccounts,
  merchantPaymentSettings,
  paymentEvents,
  paymentIntents,
  paymentProofs,
  type MerchantBankAccountRow,
  type MerchantPaymentSettingsRow,
  type NewPaymentIntentRow,
  type PaymentEventRow,
  type PaymentIntentRow,
} from './payments.table.ts';

export async function insertIntent(db: Database, values: NewPaymentIntentRow): Promise<PaymentIntentRow> {
  const [row] = await db.insert(paymentIntents).values(values).returning();
  if (!row) throw new Error('The payment intent was not inserted');
  return row;
}

export async function findIntent(db: Database, { merchantId, id }: { merchantId: number; id: string }): Promise<PaymentIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.merchantId, merchantId)))
    .limit(1);
  return row;
}

/** The intent a provider's message names, whichever merchant's it is (the message comes from the provider, not a site). */
export async function findIntentById(db: Database, id: string): Promise<PaymentIntentRow | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1);
  return row;
}

/** Reads the intent and locks it until the transaction ends: its messages are applied one at a time. */
export async function lockIntent(tx: Database, id: string): Promise<PaymentIntentRow | undefined> {
  const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, id)).for('update');
  return row;
}

export interface MoveIntent {
  id: string;
  from: readonly PaymentStatus[];
  to: PaymentStatus;
  failureReason?: string | null;
  now: Date;
}

/** Moves the intent's status when it is still in one of `from`; undefined when it was not. */
export async function moveIntent(db: Database, { id, from, to, failureReason = null, now }: MoveIntent): Promise<PaymentIntentRow | undefined> {
  const [row] = await db
    .update(paymentIntents)
    .set({ status: to, failureReason, updatedAt: now })
    .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, [...from])))
    .returning();
  return row;
}

/** Keeps the provider's charge and waits for payment, unless a message has already moved the intent on. */
export async function recordCharge(db: Database, { id, charge, now }: { id: string; charge: PaymentCharge; now: Date }): Promise<PaymentIntentRow | undefined> {
  const [row] = await db
    .update(paymentIntents)
    .set({ status: 'waiting_payment', providerReference: charge.providerReference, instructions: charge.instructions, updatedAt: now })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'pending')))
    .returning();
  return row;
}

/**
 * Open intents past their expiry, to ask their provider about. A manual transfer whose proof waits
 * for the merchant's review is not overdue: the member paid in time, and the review settles it. Nor
 * is cash on delivery: the order it pays settles it. Those looked at longest ago come first: an
 * intent asked about is marked (markIntentAsked), so one its provider keeps open, or cannot answer
 * for, waits behind the others instead of taking every run's places.
 */
export async function findOverdueIntents(db: Database, { now, limit }: { now: Date; limit: number }): Promise<PaymentIntentRow[]> {
  const awaitingReview = db
    .select({ one: sql`1` })
    .from(paymentProofs)
    .where(and(eq(paymentProofs.intentId, paymentIntents.id), eq(paymentProofs.status, 'submitted')));
  return db
    .select()
    .from(paymentIntents)
    .where(and(inArray(paymentIntents.status, [...openPaymentStatuses]), lte(paymentIntents.expiresAt, now), notExists(awaitingReview), ne(paymentIntents.provider, 'cash')))
    .orderBy(asc(paymentIntents.updatedAt), asc(paymentIntents.expiresAt))
    .limit(limit);
}

/** Marks an intent still open as looked at now: `updated_at` is when it was last changed or asked about. */
export async function markIntentAsked(db: Database, { id, now }: { id: string; now: Date }): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ updatedAt: now })
    .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, [...openPaymentStatuses])));
}

export async function findMerchantIntents(db: Database, { merchantId, limit }: { merchantId: number; limit: number }): Promise<PaymentIntentRow[]> {
  return db.select().from(paymentIntents).where(eq(paymentIntents.merchantId, merchantId)).orderBy(desc(paymentIntents.createdAt)).limit(limit);
}

export async function findEvent(db: Database, { provider, providerEventId }: { provider: PaymentProviderName; providerEventId: string }): Promise<PaymentEventRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.providerEventId, providerEventId)))
    .limit(1);
  return row;
}

/** Appends a provider's message; false when the provider sent this message id before. */
export async function insertEvent(db: Database, values: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(paymentEvents).values(values).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

export async function findIntentEvents(db: Database, intentId: string): Promise<PaymentEventRow[]> {
  return db.select().from(paymentEvents).where(eq(paymentEvents.intentId, intentId)).orderBy(asc(paymentEvents.id));
}

export async function findMerchantPaymentSettings(db: Database, merchantId: number): Promise<MerchantPaymentSettingsRow | undefined> {
  const [row] = await db.select().from(merchantPaymentSettings).where(eq(merchantPaymentSettings.merchantId, merchantId)).limit(1);
  return row;
}

export async function saveMerchantPaymentSettings(db: Database, values: Pick<MerchantPaymentSettingsRow, 'merchantId' | 'provider' | 'methods' | 'updatedAt'>): Promise<void> {
  await db
    .insert(merchantPaymentSettings)
    .values(values)
    .onConflictDoUpdate({ target: merchantPaymentSettings.merchantId, set: { provider: values.provider, methods: values.methods, updatedAt: values.updatedAt } });
}

export async function findMerchantBankAccount(db: Database, merchantId: number): Promise<MerchantBankAccountRow | undefined> {
  const [row] = await db.select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, merchantId)).limit(1);
  return row;
}

export async function saveMerchantBankAccount(db: Database, values: Omit<MerchantBankAccountRow, 'updatedAt'> & { updatedAt: Date }): Promise<void> {
  const { bank, accountNumber, accountName, updatedAt } = values;
  await db.insert(merchantBankAccounts).values(values).onConflictDoUpdate({ target: merchantBankAccounts.merchantId, set: { bank, accountNumber, accountName, updatedAt } });
}

export async function deleteMerchantBankAccount(db: Database, merchantId: number): Promise<boolean> {
  const deleted = await db.delete(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, merchantId)).returning({ merchantId: merchantBankAccounts.merchantId });
  return deleted.length > 0;
}

/** The merchant's open intents whose latest proof of transfer waits for its review, oldest upload first. */
export async function findIntentsAwaitingReview(db: Database, { merchantId, limit }: { merchantId: number; limit: number }): Promise<PaymentIntentRow[]> {
  const rows = await db
    .select({ intent: paymentIntents })
    .from(paymentIntents)
    .innerJoin(paymentProofs, and(eq(paymentProofs.intentId, paymentIntents.id), eq(paymentProofs.status, 'submitted')))
    .where(and(eq(paymentIntents.merchantId, merchantId), inArray(paymentIntents.status, [...openPaymentStatuses])))
    .orderBy(asc(paymentProofs.uploadedAt))
    .limit(limit);
  return rows.map((row) => row.intent);
}
