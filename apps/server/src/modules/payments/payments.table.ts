import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea.ts';
import {
  paymentEventOutcomes,
  paymentMethods,
  paymentProofStatuses,
  paymentProviderNames,
  paymentStatuses,
  paymentSubjectTypes,
  type PaymentInstructions,
  type PaymentMethod,
} from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * One thing a member pays for, at one provider. Its status only moves as decision 017 allows, and
 * what is paid, by whom and for what never changes: a trigger refuses anything else.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subjectType: text('subject_type', { enum: paymentSubjectTypes }).notNull(),
    /** The subject's id in its own module (a subscription, an order…). */
    subjectId: text('subject_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    provider: text('provider', { enum: paymentProviderNames }).notNull(),
    /** The provider's id of the charge, once made. */
    providerReference: text('provider_reference'),
    instructions: jsonb('instructions').$type<PaymentInstructions>(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('payment_intents_user_idx').on(table.merchantId, table.userId, table.createdAt),
    index('payment_intents_subject_idx').on(table.merchantId, table.subjectType, table.subjectId),
    // What reconciliation looks for: open intents by expiry.
    index('payment_intents_open_idx').on(table.expiresAt).where(sql`${table.status} in ('pending', 'waiting_payment')`),
    unique('payment_intents_provider_reference_unique').on(table.provider, table.providerReference),
    check('payment_intents_subject_type_check', isOneOf(table.subjectType, paymentSubjectTypes)),
    check('payment_intents_method_check', isOneOf(table.method, paymentMethods)),
    check('payment_intents_provider_check', isOneOf(table.provider, paymentProviderNames)),
    check('payment_intents_status_check', isOneOf(table.status, paymentStatuses)),
    check('payment_intents_amount_check', sql`${table.amountMinor} > 0`),
    check('payment_intents_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** Every message a provider sent about an intent, as received: never changed or removed (a trigger refuses it). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    intentId: uuid('intent_id')
      .notNull()
      .references(() => paymentIntents.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    provider: text('provider', { enum: paymentProviderNames }).notNull(),
    /** Unique per provider: a second delivery of the same message is recognised and changes nothing. */
    providerEventId: text('provider_event_id').notNull(),
    /** The status the message reports, or `reconciliation` for an answer to our own status question. */
    kind: text('kind').notNull(),
    outcome: text('outcome', { enum: paymentEventOutcomes }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('payment_events_provider_event_unique').on(table.provider, table.providerEventId),
    index('payment_events_intent_idx').on(table.intentId, table.receivedAt),
    check('payment_events_provider_check', isOneOf(table.provider, paymentProviderNames)),
    check('payment_events_outcome_check', isOneOf(table.outcome, paymentEventOutcomes)),
  ],
);

/** Which provider a merchant's members pay through, and by which methods (set with the operator CLI). */
export const merchantPaymentSettings = pgTable(
  'merchant_payment_settings',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    provider: text('provider', { enum: paymentProviderNames }).notNull(),
    methods: jsonb('methods').$type<PaymentMethod[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('merchant_payment_settings_provider_check', isOneOf(table.provider, paymentProviderNames)),
    check('merchant_payment_settings_methods_check', sql`jsonb_typeof(${table.methods}) = 'array' and jsonb_array_length(${table.methods}) > 0`),
  ],
);

/**
 * The merchant's own bank account, where members pay by manual transfer (decision 019). Kept apart
 * from `merchant_payment_settings`, so giving an account never pins the merchant's provider.
 */
export const merchantBankAccounts = pgTable(
  'merchant_bank_accounts',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    bank: text('bank').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('merchant_bank_accounts_bank_check', sql`length(${table.bank}) between 1 and 40`),
    check('merchant_bank_accounts_account_number_check', sql`${table.accountNumber} ~ '^[0-9]{5,30}$'`),
    check('merchant_bank_accounts_account_name_check', sql`length(${table.accountName}) between 1 and 100`),
  ],
);

/**
 * A member's proof of a manual transfer, kept privately (never served by /media): the merchant
 * reads it through the integration API and accepts or rejects it. The latest upload counts.
 */
export const paymentProofs = pgTable(
  'payment_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    intentId: uuid('intent_id')
      .notNull()
      .references(() => paymentIntents.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    status: text('status', { enum: paymentProofStatuses }).notNull().default('submitted'),
    note: text('note'),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteLength: integer('byte_length').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_proofs_intent_idx').on(table.intentId, table.uploadedAt),
    check('payment_proofs_status_check', isOneOf(table.status, paymentProofStatuses)),
    check('payment_proofs_byte_length_check', sql`${table.byteLength} = octet_length(${table.bytes})`),
    check('payment_proofs_reviewed_check', sql`(${table.status} = 'submitted') = (${table.reviewedAt} is null)`),
  ],
);

export type MerchantBankAccountRow = typeof merchantBankAccounts.$inferSelect;
export type PaymentProofRow = typeof paymentProofs.$inferSelect;
export type MerchantPaymentSettingsRow = typeof merchantPaymentSettings.$inferSelect;
export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type NewPaymentIntentRow = typeof paymentIntents.$inferInsert;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
