import { z } from 'zod';

/* docs/decisions/017-payments.md. Amounts are integers in minor units. */

/** The module that owns the subject reacts when its payment settles. */
export const paymentSubjectTypes = ['subscription', 'order', 'qris', 'bill'] as const;
export const paymentSubjectTypeSchema = z.enum(paymentSubjectTypes);
export type PaymentSubjectType = z.infer<typeof paymentSubjectTypeSchema>;

/** spec business-rules §2. */
export const paymentMethods = ['virtual_account', 'qris', 'ewallet', 'credit_card', 'manual_transfer', 'cash_on_delivery'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** `manual` settles when the merchant accepts the transfer's proof; `cash` (on delivery) when the merchant completes the order. */
export const paymentProviderNames = ['sandbox', 'xendit', 'midtrans', 'manual', 'cash'] as const;
export const paymentProviderNameSchema = z.enum(paymentProviderNames);
export type PaymentProviderName = z.infer<typeof paymentProviderNameSchema>;

/** spec business-rules §4 transaction statuses; the transitions are in decision 017. */
export const paymentStatuses = ['pending', 'waiting_payment', 'paid', 'failed', 'expired', 'cancelled'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

// Decision 017: providers' codes are read onto these, so the app can word each in the member's language.
// `refused_by_provider`: an amount or method the provider does not take; `provider_unavailable`: it could
// not make the charge; `failed`: anything the provider does not explain.
export const paymentFailureReasons = [
  'declined',
  'card_declined',
  'card_expired',
  'card_invalid',
  'authentication_failed',
  'insufficient_balance',
  'limit_exceeded',
  'account_unavailable',
  'cancelled_by_member',
  'suspected_fraud',
  'refused_by_provider',
  'provider_unavailable',
  'failed',
] as const;
export const paymentFailureReasonSchema = z.enum(paymentFailureReasons);
export type PaymentFailureReason = z.infer<typeof paymentFailureReasonSchema>;

export const paymentInstructionsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('virtual_account'), bank: z.string().min(1).max(40), accountNumber: z.string().regex(/^\d{6,30}$/) }),
  z.object({ kind: z.literal('qris'), qrString: z.string().min(1).max(2000) }),
  /** E-wallets and cards: the member finishes on the provider's page. */
  z.object({ kind: z.literal('redirect'), url: z.string().min(1).max(2000) }),
  z.object({ kind: z.literal('manual_transfer'), bank: z.string().min(1).max(40), accountNumber: z.string().min(1).max(40), accountName: z.string().min(1).max(100) }),
  z.object({ kind: z.literal('cash_on_delivery') }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

export const paymentIdSchema = z.uuid({ message: 'Payment not found' });
export const paymentParamsSchema = z.object({ id: paymentIdSchema });

export const paymentProofStatuses = ['submitted', 'accepted', 'rejected'] as const;
export const paymentProofStatusSchema = z.enum(paymentProofStatuses);
export type PaymentProofStatus = z.infer<typeof paymentProofStatusSchema>;
export const paymentProofContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const paymentProofSchema = z.object({
  status: paymentProofStatusSchema,
  uploadedAt: z.string().datetime(),
  note: z.string().nullable(),
});
export type PaymentProof = z.infer<typeof paymentProofSchema>;

/** Polled until the status is final. */
export const paymentAnswerSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  subject: z.object({ type: paymentSubjectTypeSchema, id: z.string() }),
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/),
  method: paymentMethodSchema,
  /** The sandbox only outside production. */
  provider: paymentProviderNameSchema,
  /** Null until the provider has made the charge. */
  instructions: paymentInstructionsSchema.nullable(),
  failureReason: paymentFailureReasonSchema.nullable(),
  expiresAt: z.string().datetime(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  proof: paymentProofSchema.nullable(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

export const paymentPageAnswerSchema = z.object({ path: z.string().startsWith('/') });

/** A duplicate or a stale provider message changes nothing. */
export const paymentEventOutcomes = ['applied', 'ignored', 'refused'] as const;
export const paymentEventOutcomeSchema = z.enum(paymentEventOutcomes);
export type PaymentEventOutcome = z.infer<typeof paymentEventOutcomeSchema>;
export const paymentWebhookAnswerSchema = z.object({ outcome: z.enum([...paymentEventOutcomes, 'duplicate']) });
export type PaymentWebhookAnswer = z.infer<typeof paymentWebhookAnswerSchema>;
export const paymentWebhookParamsSchema = z.object({ provider: paymentProviderNameSchema });

/** Development only. */
export const sandboxPaymentActions = ['pay', 'fail', 'expire'] as const;
export const sandboxPaymentParamsSchema = z.object({ id: paymentIdSchema, action: z.enum(sandboxPaymentActions) });
export const sandboxPaymentAnswerSchema = z.object({ outcome: paymentWebhookAnswerSchema.shape.outcome, payment: paymentAnswerSchema });
export const sandboxPaymentListSchema = z.object({ data: z.array(paymentAnswerSchema.extend({ userId: z.string() })) });

/** spec app-core §3 fees list, plus the shop's and bills' fees. */
export const feeLineTypes = ['shipping', 'insurance', 'application', 'admin', 'packaging', 'convenience', 'additional', 'tax', 'rounding'] as const;
export const feeLineTypeSchema = z.enum(feeLineTypes);
export type FeeLineType = z.infer<typeof feeLineTypeSchema>;
export const feeLineSchema = z.object({ type: feeLineTypeSchema, amount: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER) });
export type FeeLine = z.infer<typeof feeLineSchema>;

/** The provider keeps the number. */
export const savedCardSchema = z.object({
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2100),
  nameOnCard: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** Tokenised by the member's browser at the provider; the rest is what the app may show of it. */
export const cardTokenInputSchema = savedCardSchema.extend({
  token: z.string().trim().min(1).max(200),
  brand: z.string().trim().min(1).max(20),
  nameOnCard: z.string().trim().min(1).max(100),
});
export type CardTokenInput = z.infer<typeof cardTokenInputSchema>;

export const paymentCheckBodySchema = z.object({ cardId: z.string().min(1).max(64) });
export const paymentCheckAnswerSchema = z.object({
  isValid: z.boolean(),
  listPayment: z.array(paymentMethodSchema),
  publicKey: z.string().nullable(),
  provider: paymentProviderNameSchema.nullable(),
  /** Null where the provider's own page takes cards. */
  tokenizationUrl: z.string().nullable(),
});
export type PaymentCheckAnswer = z.infer<typeof paymentCheckAnswerSchema>;

export const integrationPaymentAnswerSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/),
  method: paymentMethodSchema,
  subject: z.object({ type: paymentSubjectTypeSchema, id: z.string() }),
  expiresAt: z.string().datetime(),
  proof: paymentProofSchema.extend({ id: z.string(), reviewedAt: z.string().datetime().nullable() }).nullable(),
});
export type IntegrationPaymentAnswer = z.infer<typeof integrationPaymentAnswerSchema>;

/** Oldest first. */
export const integrationPaymentListSchema = z.object({ data: z.array(integrationPaymentAnswerSchema) });

export const paymentProofReviewBodySchema = z.object({
  decision: z.enum(['accept', 'reject']),
  /** Shown to the member. */
  note: z.string().trim().min(1).max(500).optional(),
});
export type PaymentProofReviewBody = z.infer<typeof paymentProofReviewBodySchema>;
